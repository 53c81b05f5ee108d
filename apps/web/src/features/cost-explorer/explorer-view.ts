import {
  type CostDimension,
  type CostFilter,
  type CostQuery,
  costQueryToParams,
  filterParamName,
  type Granularity,
  isKeyedDimension,
  paramsToCostQuery,
} from '@finlens/contracts/cost-query';
import type { GridSettings } from '@finlens/contracts/reports';
import { allowedGranularities } from '@finlens/cost-model/granularity';
import {
  isRangePreset,
  matchForwardPreset,
  presetRange,
  type RangePreset,
} from '@finlens/cost-model/range-presets';
import { CHART_KINDS, type ChartKind } from '../../components/Chart';
import { gridFromParams, gridToParams } from './grid-view';

/**
 * The whole Explorer view, held in the URL (CONVENTIONS: the URL holds the view) so a link reproduces it:
 * the CostQuery in its own wire format (`costQueryToParams`, the same keys the API takes), plus
 *   range   a spec §9 preset, recomputed from today when the link is opened; absent for a custom range,
 *           whose start_date and end_date are then in the URL;
 *   chart   bar | line | area;
 *   window  the chart window (0 = newest periods, spec §9 chart windows);
 *   grid    the grid's sort, page size and hidden columns (./grid-view).
 */
export interface ExplorerView {
  range: RangePreset | null;
  query: CostQuery;
  chart: ChartKind;
  window: number;
  grid: GridSettings;
}

const DEFAULT_PRESET: RangePreset = '30D';
const DEFAULT_DIMENSION = 'product_servicename';

interface ViewParse {
  view: ExplorerView;
  /** The URL key that was wrong and ignored (the view fell back to defaults), with the reason. */
  problem: { field: string; message: string } | null;
}

/** Reads the view from the URL's search params; a bad link falls back to the default view and says why. */
export function viewFromParams(search: URLSearchParams, today: Date): ViewParse {
  const raw = Object.fromEntries(search.entries());
  const preset = raw.range !== undefined && isRangePreset(raw.range) ? raw.range : null;
  const { start_date, end_date } = raw;
  const custom = preset === null && start_date !== undefined && end_date !== undefined;
  const range = custom ? { start_date, end_date } : presetRange(preset ?? DEFAULT_PRESET, today);
  const params: Record<string, string> = { dimension: DEFAULT_DIMENSION, ...raw, ...range };
  if (raw.dimension === '') delete params.dimension;
  const chart = CHART_KINDS.find((kind) => kind === raw.chart) ?? 'bar';
  const window = Math.max(0, Number.parseInt(raw.window ?? '0', 10) || 0);
  // Grouping by tags before a key is chosen is a view (the key picker is open), not yet a query.
  const keyPending =
    params.dimension !== undefined && isKeyedDimension(params.dimension) && !params.dimension_key;
  const parsed = paramsToCostQuery(keyPending ? { ...params, dimension: '' } : params);
  if (parsed.ok) {
    const query = keyPending
      ? { ...parsed.query, dimension: params.dimension as CostDimension }
      : parsed.query;
    return {
      view: {
        range: custom ? null : (preset ?? DEFAULT_PRESET),
        query,
        chart,
        window,
        grid: gridFromParams(raw),
      },
      problem: null,
    };
  }
  const fallback = viewFromParams(new URLSearchParams(), today).view;
  return { view: fallback, problem: { field: parsed.field, message: parsed.message } };
}

/** Writes the view as search params (defaults left out where the reader restores them); no grid: its defaults. */
export function viewToParams(
  view: Omit<ExplorerView, 'grid'> & Partial<Pick<ExplorerView, 'grid'>>,
): URLSearchParams {
  const { start_date, end_date, ...rest } = costQueryToParams(view.query);
  const params = new URLSearchParams();
  if (view.range === null) {
    params.set('start_date', start_date ?? '');
    params.set('end_date', end_date ?? '');
  } else {
    params.set('range', view.range);
  }
  for (const [key, value] of Object.entries(rest)) params.set(key, value);
  if (view.query.dimension === null) params.set('dimension', '');
  if (view.chart !== 'bar') params.set('chart', view.chart);
  if (view.window > 0) params.set('window', String(view.window));
  if (view.grid) gridToParams(view.grid, params);
  return params;
}

/** True when the view groups by tags, labels or cost categories but no key is chosen yet. */
export function needsGroupKey(query: CostQuery): boolean {
  return query.dimension !== null && isKeyedDimension(query.dimension) && query.dimension_key === undefined;
}

/** The granularities offered for the view's range to this user (spec §5), finest first. */
export function granularityOptions(query: CostQuery, internal: boolean, today: Date): Granularity[] {
  const range = { start_date: query.start_date, end_date: query.end_date };
  return allowedGranularities({
    ...range,
    internal,
    forward: matchForwardPreset(range, today),
    today: today.toISOString().slice(0, 10),
  });
}

/** Keeps the granularity when the new range still allows it, else day (or the finest allowed). */
export function fitGranularity(current: Granularity, allowed: Granularity[]): Granularity {
  if (allowed.includes(current)) return current;
  if (allowed.includes('day')) return 'day';
  return allowed[0] ?? 'day';
}

/** Adds a filter; one on the same dimension and mode (one wire key) gets the new values or pairs merged in. */
export function withFilter(filters: CostFilter[], filter: CostFilter): CostFilter[] {
  const index = filters.findIndex((f) => filterParamName(f) === filterParamName(filter));
  if (index < 0) return [...filters, filter];
  const existing = filters[index] as CostFilter;
  const merged: CostFilter =
    'pairs' in existing && 'pairs' in filter
      ? {
          ...existing,
          pairs: uniqueBy([...existing.pairs, ...filter.pairs], (p) => `${p.key}\u0000${p.value}`),
        }
      : 'values' in existing && 'values' in filter
        ? { ...existing, values: uniqueBy([...existing.values, ...filter.values], (v) => v) }
        : filter;
  return filters.map((f, i) => (i === index ? merged : f));
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
