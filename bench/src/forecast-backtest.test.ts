import { addDays } from '@finlens/cost-model/utc-calendar';
import { describe, expect, it } from 'vitest';
import { backtestMonths, mape } from './forecast-backtest';

describe('forecast backtest', () => {
  it('scores each whole month with 40 days of history before its 10th, and computes MAPE', () => {
    // 2026-01-01 … 2026-04-15: a steady 10 a day, so every prediction is exact.
    const daily = Array.from({ length: 105 }, (_, i) => ({ date: addDays('2026-01-01', i), cost: 10 }));
    const scores = backtestMonths(daily);
    // January lacks the history, April is not whole.
    expect(scores.map((s) => s.month)).toEqual(['2026-02', '2026-03']);
    expect(scores[0]?.actual).toBe(280);
    expect(scores[0]?.predicted).toBeCloseTo(280, 6);
    expect(mape(scores)).toBeCloseTo(0, 6);
    expect(mape([{ month: 'x', actual: 100, predicted: 90, low: 0, high: 0 }])).toBeCloseTo(10, 9);
  });
});
