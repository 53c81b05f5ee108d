import {
  DEFAULT_GRID_SETTINGS,
  GRID_PAGE_SIZES,
  type GridSettings,
  gridSettingsSchema,
} from '@finlens/contracts/reports';
import type { ColDef } from 'ag-grid-community';
import type { DataGridState } from '../../components/DataGrid';

/**
 * The Explorer grid's settings in the URL, beside the view (CONVENTIONS: the URL holds the view), and saved
 * with a report (`grid`, @finlens/contracts/reports):
 *   sort       the sorted column: label, total, forecast or a period start (default total)
 *   sort_dir   asc | desc (default desc)
 *   page_size  10 | 20 | 30 | 50 rows (default: spec §9's size for the window width)
 *   hide       hidden columns, comma-separated (total, forecast, period starts)
 * Defaults are left out; a value that is not understood falls back to its default.
 */
export function gridFromParams(raw: Record<string, string>): GridSettings {
  const field = <K extends keyof GridSettings>(key: K, value: unknown): GridSettings[K] => {
    const parsed = gridSettingsSchema.shape[key].safeParse(value);
    return parsed.success ? (parsed.data as GridSettings[K]) : DEFAULT_GRID_SETTINGS[key];
  };
  return {
    sort_by: field('sort_by', raw.sort),
    sort_direction: field('sort_direction', raw.sort_dir),
    page_size: field('page_size', raw.page_size === undefined ? null : Number(raw.page_size)),
    hidden_columns: field('hidden_columns', raw.hide ? raw.hide.split(',') : []),
  };
}

/** Adds the grid settings that differ from the defaults to `params`. */
export function gridToParams(grid: GridSettings, params: URLSearchParams): void {
  if (grid.sort_by !== DEFAULT_GRID_SETTINGS.sort_by) params.set('sort', grid.sort_by);
  if (grid.sort_direction !== DEFAULT_GRID_SETTINGS.sort_direction)
    params.set('sort_dir', grid.sort_direction);
  if (grid.page_size !== null) params.set('page_size', String(grid.page_size));
  if (grid.hidden_columns.length > 0) params.set('hide', grid.hidden_columns.join(','));
}

/** Whether two grid settings are the same (hidden columns in any order). */
export function sameGrid(a: GridSettings, b: GridSettings): boolean {
  const hidden = (g: GridSettings) => [...g.hidden_columns].sort().join(',');
  return (
    a.sort_by === b.sort_by &&
    a.sort_direction === b.sort_direction &&
    a.page_size === b.page_size &&
    hidden(a) === hidden(b)
  );
}

const columnId = <Row>(column: ColDef<Row>) => column.colId ?? column.field ?? '';

/** Sorted descending first (the largest cost on top), then ascending; shared, so equal columns stay equal. */
const SORTING_ORDER: ColDef['sortingOrder'] = ['desc', 'asc'];

/**
 * The grid's columns with the settings applied: the sorted column (the total when it is gone, e.g. a period
 * that left a rolling range), always sorted one way or the other, and the hidden columns (never the pinned group).
 */
export function withGridSettings<Row>(columns: ColDef<Row>[], grid: GridSettings): ColDef<Row>[] {
  const sortBy = columns.some((c) => columnId(c) === grid.sort_by) ? grid.sort_by : 'total';
  return columns.map((column) => ({
    ...column,
    sort: columnId(column) === sortBy ? grid.sort_direction : null,
    sortingOrder: SORTING_ORDER,
    hide: column.pinned ? false : grid.hidden_columns.includes(columnId(column)),
  }));
}

/** The settings a grid's state stands for; the page size stays unless the user picked one of the sizes. */
export function gridSettingsOf(state: DataGridState, current: GridSettings): GridSettings {
  const picked = GRID_PAGE_SIZES.find((size) => size === state.pageSize);
  return {
    sort_by: state.sort?.colId ?? current.sort_by,
    sort_direction: state.sort?.direction ?? current.sort_direction,
    page_size: picked ?? current.page_size,
    hidden_columns: state.hidden,
  };
}
