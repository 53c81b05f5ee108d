import { formatMoney, formatUtcDate } from '@finlens/cost-model/format';
import { sample, summarise } from './stats';

/** Formatting runs once per grid cell, so it must stay far below a microsecond per value. */
export async function benchFormat(): Promise<Record<string, string | number>> {
  const values = Array.from({ length: 100_000 }, (_, i) => (i * 7919.123) % 100_000);
  const money = summarise(
    await sample(() => {
      for (const v of values) formatMoney(v);
    }, 15),
  );
  const dates = summarise(
    await sample(() => {
      for (const v of values) formatUtcDate(v * 1e6, 'isoDate');
    }, 15),
  );
  return {
    'formatMoney values/s': Math.round(values.length / (money.p50Ms / 1000)),
    'formatUtcDate values/s': Math.round(values.length / (dates.p50Ms / 1000)),
  };
}
