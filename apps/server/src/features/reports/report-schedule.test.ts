import { costQuerySchema } from '@finlens/contracts/cost-query';
import { reportScheduleSchema } from '@finlens/contracts/reports';
import { describe, expect, it } from 'vitest';
import { nextSlot } from '../../platform/jobs/job-schedules';
import { reportQuery } from './report-run';
import { scheduleCron } from './reports.service';

const schedule = (fields: Record<string, unknown>) =>
  reportScheduleSchema.parse({
    time: '07:30',
    time_zone: 'Europe/Berlin',
    recipients: { emails: ['a@b.co'] },
    ...fields,
  });

describe('scheduleCron', () => {
  it('writes daily, weekly and monthly schedules as cron read in their time zone', () => {
    expect(scheduleCron(schedule({ frequency: 'daily' }))).toBe('30 7 * * *');
    expect(scheduleCron(schedule({ frequency: 'weekly', days_of_week: [4, 1, 4] }))).toBe('30 7 * * 1,4');
    expect(scheduleCron(schedule({ frequency: 'monthly', day_of_month: 28 }))).toBe('30 7 28 * *');
  });

  it('sends at the local time: 07:30 in Berlin is 06:30 UTC in winter and 05:30 UTC in summer', () => {
    const cron = scheduleCron(schedule({ frequency: 'daily' }));
    const winter = nextSlot({ cron, timeZone: 'Europe/Berlin', after: new Date('2026-11-22T12:00:00Z') });
    const summer = nextSlot({ cron, timeZone: 'Europe/Berlin', after: new Date('2026-07-01T12:00:00Z') });
    expect(winter.toISOString()).toBe('2026-11-23T06:30:00.000Z');
    expect(summer.toISOString()).toBe('2026-07-02T05:30:00.000Z');
  });

  it('refuses zones outside the catalogue and monthly days a month may lack', () => {
    expect(
      reportScheduleSchema.safeParse({ ...schedule({ frequency: 'daily' }), time_zone: 'EST' }).success,
    ).toBe(false);
    expect(() => schedule({ frequency: 'monthly', day_of_month: 31 })).toThrow();
  });
});

describe('reportQuery', () => {
  const saved = costQuerySchema.parse({
    start_date: '2026-01-01',
    end_date: '2026-01-31',
    granularity: 'month',
  });
  const today = new Date('2026-11-22T10:00:00Z');

  it('keeps fixed dates without a preset', () => {
    expect(reportQuery(saved, null, today)).toMatchObject({
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    });
  });

  it('follows the preset as of today, falling back to day when the range is not whole months', () => {
    expect(reportQuery(saved, '6M', today)).toMatchObject({
      start_date: '2026-05-01',
      end_date: '2026-11-22',
      granularity: 'month',
    });
    expect(reportQuery(saved, '30D', today)).toMatchObject({
      start_date: '2026-10-24',
      end_date: '2026-11-22',
      granularity: 'day',
    });
  });
});
