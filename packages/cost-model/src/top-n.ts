import { type CostSeries, OTHERS_KEY, OTHERS_LABEL } from '@finlens/contracts/cost-query';

/**
 * Top N + Others, the one fold the server's forecast and the web's chart share: the `n` named series with
 * the largest totals (descending; ties keep their order), then one 'Others' summing the rest together with
 * any 'Others' already there, period by period. Without anything to fold: the named series, sorted.
 */
export function foldTopN(series: readonly CostSeries[], n: number): CostSeries[] {
  const named = series.filter((s) => s.key !== OTHERS_KEY).sort((a, b) => b.total - a.total);
  const rest = [...named.slice(n), ...series.filter((s) => s.key === OTHERS_KEY)];
  if (rest.length === 0) return named;
  const width = Math.max(...series.map((s) => s.costs.length));
  const costs = Array.from({ length: width }, (_, i) => rest.reduce((sum, s) => sum + (s.costs[i] ?? 0), 0));
  const total = rest.reduce((sum, s) => sum + s.total, 0);
  return [...named.slice(0, n), { key: OTHERS_KEY, label: OTHERS_LABEL, costs, total }];
}
