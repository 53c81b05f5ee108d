import Holidays from 'date-holidays';

/**
 * Public holidays per country from `date-holidays` (a maintained list of 200+ countries): only days of type
 * "public" (bank holidays and observances are left out), as local days YYYY-MM-DD. A schedule with a country
 * keeps its resources stopped on them as on its own holidays. Each country's year is computed once.
 */

const cache = new Map<string, readonly string[]>();

/** Whether date-holidays knows the ISO 3166-1 alpha-2 code. */
export function isHolidayCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && code in new Holidays().getCountries('en');
}

/** Countries with a holiday list, by name. */
export function holidayCountries(): { code: string; name: string }[] {
  return Object.entries(new Holidays().getCountries('en'))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The country's public holidays in `year` (local days); empty for an unknown country. */
export function publicHolidays(country: string, year: number): readonly string[] {
  const key = `${country}:${year}`;
  const known = cache.get(key);
  if (known) return known;
  const days = isHolidayCountry(country)
    ? [
        ...new Set(
          new Holidays(country, { languages: ['en'] })
            .getHolidays(year)
            .filter((h) => h.type === 'public')
            .map((h) => h.date.slice(0, 10)),
        ),
      ].sort()
    : [];
  cache.set(key, days);
  return days;
}

/** Public holidays of the years around an instant's year (the reconciler's and the timeline's reach). */
export function publicHolidaysAround(country: string | null, instant: number): string[] {
  if (country === null) return [];
  const year = new Date(instant).getUTCFullYear();
  return [year - 1, year, year + 1].flatMap((y) => publicHolidays(country, y));
}
