import { describe, expect, it } from 'vitest';
import { desiredRunningAt } from './desired-state';
import { holidayCountries, isHolidayCountry, publicHolidays, publicHolidaysAround } from './public-holidays';
import { WEEK_PRESETS } from './week';

describe('public holidays per country', () => {
  it("lists a country's public days only, as local days", () => {
    const fr = publicHolidays('FR', 2026);
    expect(fr).toContain('2026-01-01');
    expect(fr).toContain('2026-04-06'); // Easter Monday
    expect(fr).toContain('2026-07-14');
    expect(fr).not.toContain('2026-04-05'); // Easter Sunday is an observance in France, not a public holiday
    const us = publicHolidays('US', 2026);
    expect(us).toContain('2026-11-26'); // Thanksgiving, the fourth Thursday
    expect(us).toContain('2026-07-03'); // Independence Day observed on the Friday
  });

  it('knows ISO country codes and nothing else', () => {
    expect(isHolidayCountry('DE')).toBe(true);
    expect(isHolidayCountry('de')).toBe(false);
    expect(isHolidayCountry('XX')).toBe(false);
    expect(publicHolidays('XX', 2026)).toEqual([]);
    expect(holidayCountries().length).toBeGreaterThan(150);
    expect(holidayCountries()).toContainEqual({ code: 'FR', name: 'France' });
  });

  it('keeps office hours stopped on a public holiday', () => {
    const rule = { zone: 'Europe/Paris', windows: WEEK_PRESETS['office-hours'] };
    const bastilleNoon = Date.parse('2026-07-14T10:00:00Z'); // a Tuesday, 12:00 in Paris
    expect(desiredRunningAt({ rule }, bastilleNoon)).toBe(true);
    const holidays = publicHolidaysAround('FR', bastilleNoon);
    expect(desiredRunningAt({ rule, holidays }, bastilleNoon)).toBe(false);
    expect(publicHolidaysAround(null, bastilleNoon)).toEqual([]);
  });
});
