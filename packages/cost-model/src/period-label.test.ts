import { describe, expect, it } from 'vitest';
import { periodLabel } from './period-label';

describe('periodLabel', () => {
  it('labels each granularity as the Explorer heads its columns', () => {
    expect(periodLabel('2026-03-05T07:00:00Z', 'hour')).toBe('05 Mar 07:00');
    expect(periodLabel('2026-03-05', 'day')).toBe('05 Mar, 2026');
    expect(periodLabel('2026-03-01', 'month')).toBe('Mar, 2026');
    expect(periodLabel('2026-10-01', 'quarter')).toBe('Q4 2026');
    expect(periodLabel('2026-01-01', 'quarter')).toBe('Q1 2026');
  });
});
