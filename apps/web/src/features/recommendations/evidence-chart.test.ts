import { describe, expect, it } from 'vitest';
import { evidenceChartData } from './evidence-chart';

const series = {
  metric: 'cpu-utilization' as const,
  unit: 'percent',
  storage_class: null,
  points: [
    { timestamp: '2026-11-01T00:00:00Z', value: 3, p95: 7, max: 9 },
    { timestamp: '2026-11-02T00:00:00Z', value: 4, p95: 8, max: 12 },
  ],
};
const evidence = {
  metric: 'cpu-utilization' as const,
  storage_class: null,
  statistic: 'p95' as const,
  observed: 8,
  threshold_key: 'cpu_p95_max_percent',
  threshold: 40,
  comparison: '<' as const,
  unit: 'percent',
  points: 48,
};

describe('evidenceChartData', () => {
  it('draws the statistic the rule compared per day and the threshold as a flat line', () => {
    expect(evidenceChartData(evidence, series)).toEqual({
      categories: ['2026-11-01', '2026-11-02'],
      series: [
        { name: 'Daily p95', values: [7, 8] },
        { name: 'Threshold', values: [40, 40] },
      ],
    });
    expect(evidenceChartData({ ...evidence, statistic: 'max', threshold: null }, series)?.series).toEqual([
      { name: 'Daily max', values: [9, 12] },
    ]);
  });

  it('is null without points (the page says metrics are missing)', () => {
    expect(evidenceChartData(evidence, { ...series, points: [] })).toBeNull();
    expect(evidenceChartData(evidence, undefined)).toBeNull();
  });
});
