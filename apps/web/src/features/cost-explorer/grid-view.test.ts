import { DEFAULT_GRID_SETTINGS, type GridSettings } from '@finlens/contracts/reports';
import type { ColDef } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { gridFromParams, gridSettingsOf, gridToParams, sameGrid, withGridSettings } from './grid-view';

const SETTINGS: GridSettings = {
  sort_by: '2026-11-03',
  sort_direction: 'asc',
  page_size: 20,
  hidden_columns: ['total', '2026-11-01'],
};

const COLUMNS: ColDef[] = [
  { field: 'label', pinned: 'left' },
  { field: 'total' },
  { colId: '2026-11-01' },
  { colId: '2026-11-03' },
];

describe('the grid settings in the URL', () => {
  it('round-trips sort, direction, page size and hidden columns; the defaults write nothing', () => {
    const params = new URLSearchParams();
    gridToParams(SETTINGS, params);
    expect(Object.fromEntries(params)).toEqual({
      sort: '2026-11-03',
      sort_dir: 'asc',
      page_size: '20',
      hide: 'total,2026-11-01',
    });
    expect(gridFromParams(Object.fromEntries(params))).toEqual(SETTINGS);
    const none = new URLSearchParams();
    gridToParams(DEFAULT_GRID_SETTINGS, none);
    expect(none.toString()).toBe('');
    expect(gridFromParams({})).toEqual(DEFAULT_GRID_SETTINGS);
  });

  it('falls back to the default of each value it does not understand', () => {
    expect(gridFromParams({ sort: 'DROP TABLE', sort_dir: 'up', page_size: '7', hide: 'total' })).toEqual({
      ...DEFAULT_GRID_SETTINGS,
      hidden_columns: ['total'],
    });
  });

  it('compares hidden columns in any order', () => {
    expect(sameGrid(SETTINGS, { ...SETTINGS, hidden_columns: ['2026-11-01', 'total'] })).toBe(true);
    expect(sameGrid(SETTINGS, { ...SETTINGS, page_size: null })).toBe(false);
  });
});

describe('the grid settings on the columns', () => {
  it('sorts the chosen column, hides the hidden ones and never the pinned group', () => {
    const columns = withGridSettings(COLUMNS, { ...SETTINGS, hidden_columns: ['label', 'total'] });
    expect(columns.map((c) => [c.colId ?? c.field, c.sort, c.hide])).toEqual([
      ['label', null, false],
      ['total', null, true],
      ['2026-11-01', null, false],
      ['2026-11-03', 'asc', false],
    ]);
    expect(columns.every((c) => c.sortingOrder?.join() === 'desc,asc')).toBe(true);
  });

  it('sorts by the total when the sorted period is not in the range any more', () => {
    const columns = withGridSettings(COLUMNS, { ...SETTINGS, sort_by: '2025-01-01', sort_direction: 'desc' });
    expect(columns.filter((c) => c.sort).map((c) => [c.field, c.sort])).toEqual([['total', 'desc']]);
  });

  it('reads the settings back from the grid state; the page size only when one of the sizes is picked', () => {
    const state = {
      sort: { colId: 'label', direction: 'desc' as const },
      hidden: ['forecast'],
      pageSize: 50,
    };
    expect(gridSettingsOf(state, SETTINGS)).toEqual({
      sort_by: 'label',
      sort_direction: 'desc',
      page_size: 50,
      hidden_columns: ['forecast'],
    });
    expect(gridSettingsOf({ sort: null, hidden: [], pageSize: null }, SETTINGS)).toEqual({
      ...SETTINGS,
      hidden_columns: [],
    });
  });
});
