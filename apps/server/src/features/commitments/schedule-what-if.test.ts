import { describe, expect, it } from 'vitest';
import {
  type PendingRecommendation,
  ranByHour,
  recommendationCuts,
  removedPerHour,
} from './schedule-what-if';

const HOUR = 3_600_000;
const window = { start: new Date('2026-06-01T00:00:00Z'), end: new Date('2026-06-02T00:00:00Z') };
const at = (hour: number) => new Date(window.start.getTime() + hour * HOUR);
const idle = (resourceId: string, type = 'ec2-idle'): PendingRecommendation => ({
  id: `r-${resourceId}`,
  type,
  region: 'us-east-1',
  resourceKind: type.startsWith('rds') ? 'rds-instance' : 'ec2-instance',
  resourceId,
  resourceType: type.startsWith('rds') ? 'db.r6g.large' : 'm5.large',
  // $0.048 an hour of a 730.5-hour month.
  onDemandMonthlySaving: 0.048 * 730.5,
});

describe('the recommendations what-if', () => {
  it('marks the hours each resource ran: hourly lines, a daily line over its 24 hours, an RDS ARN by its identifier', () => {
    const ran = ranByHour(
      [
        { resourceId: 'i-1', start: at(0), end: at(1) },
        { resourceId: 'i-1', start: at(5), end: null },
        { resourceId: 'arn:aws:rds:us-east-1:111111111111:db:orders', start: at(-24), end: at(12) },
      ],
      window,
    );
    expect(ran.get('i-1')?.flatMap((x, h) => (x ? [h] : []))).toEqual([0, 5]);
    expect(ran.get('orders')?.flatMap((x, h) => (x ? [h] : []))).toEqual(
      Array.from({ length: 12 }, (_, h) => h),
    );
    expect(ran.has('i-2')).toBe(false);
  });

  it('takes a saving out of the hours its resource ran, at the monthly saving for each hour it ran; over every hour when the bill names none', () => {
    const ran = ranByHour(
      Array.from({ length: 12 }, (_, h) => ({ resourceId: 'i-1', start: at(h), end: at(h + 1) })),
      window,
    );
    const cuts = recommendationCuts([idle('i-1'), idle('asg-web', 'asg-overprovisioned')], [], 24, ran);
    const [ranHalf, everyHour] = cuts.map((c) => removedPerHour([c], 24, (r) => r.hourlyOnDemand));
    // $0.048 a month-hour = $0.096 in each of the 12 hours it ran (of 24), nothing in the others; the same total.
    expect(ranHalf?.slice(0, 12).every((x) => Math.abs(x - 0.096) < 1e-12)).toBe(true);
    expect(ranHalf?.slice(12)).toEqual(new Array(12).fill(0));
    expect(everyHour?.every((x) => Math.abs(x - 0.048) < 1e-12)).toBe(true);
    // Without the bill's hours (the warehouse cannot say): every hour, as before.
    const [flat] = recommendationCuts([idle('i-1')], [], 24).map((c) =>
      removedPerHour([c], 24, (r) => r.hourlyOnDemand),
    );
    expect(flat?.every((x) => Math.abs(x - 0.048) < 1e-12)).toBe(true);
  });

  it('leaves a scheduled resource the hours its schedule keeps it running, within the hours it ran', () => {
    const ran = ranByHour([{ resourceId: 'i-1', start: at(0), end: at(24) }], window);
    const stoppedShare = Array.from({ length: 24 }, (_, h) => (h < 8 || h >= 20 ? 1 : 0));
    const stops = [
      {
        id: 's1',
        name: 'Office hours',
        stoppedHoursPerWeek: 0,
        stoppedShare,
        resources: [
          {
            kind: 'ec2-instance',
            region: 'us-east-1',
            resourceId: 'i-1',
            service: 'AmazonEC2',
            instanceType: 'm5.large',
            hourlyOnDemand: 0.096,
          },
        ],
      },
    ];
    const [cut] = recommendationCuts([idle('i-1')], stops, 24, ran);
    const removed = removedPerHour(cut ? [cut] : [], 24, (r) => r.hourlyOnDemand);
    expect(removed.flatMap((x, h) => (x > 0 ? [h] : []))).toEqual(
      Array.from({ length: 12 }, (_, h) => h + 8),
    );
    expect(removed[8]).toBeCloseTo(0.048, 12);
  });
});
