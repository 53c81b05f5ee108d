import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import { GRID_PAGE_SIZES } from '@finlens/contracts/reports';
import { tablePageSize } from '@finlens/cost-model/page-size';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  type ColDef,
  ColumnApiModule,
  CsvExportModule,
  colorSchemeDark,
  colorSchemeLight,
  DateFilterModule,
  type GetRowIdFunc,
  type GridApi,
  ModuleRegistry,
  NumberFilterModule,
  PaginationModule,
  PinnedRowModule,
  RowAutoHeightModule,
  TextFilterModule,
  themeQuartz,
  ValidationModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';

// Only the grid features the app uses (AllCommunityModule would ship every one: ~120 KB gzip more). In development
// and tests the ValidationModule names any option whose module is missing here (AG Grid error #200).
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  PaginationModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  PinnedRowModule,
  RowAutoHeightModule,
  CellStyleModule,
  ColumnApiModule,
  CsvExportModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

/**
 * The two themes, made once: AG Grid restyles itself whenever its theme changes identity, so a theme built in
 * render would redo that on every render of the page.
 */
const GRID_THEMES = {
  light: themeQuartz.withPart(colorSchemeLight),
  dark: themeQuartz.withPart(colorSchemeDark),
};

/** The page-size choices: spec §9's sizes for each window width. */
const PAGE_SIZES = [...GRID_PAGE_SIZES];

/** Spec §3 "Data grid defaults": sortable, filterable, resizable, wrapped text; filter buttons clear and apply. */
const GRID_COLUMN_DEFAULTS: ColDef = {
  sortable: true,
  filter: true,
  resizable: true,
  wrapText: true,
  // Rows as tall as their wrapped text. Not under jsdom, which lays nothing out: a cell's computed border width there
  // is 'medium', so AG Grid measured each row as NaN px and then kept only the page's first two rows, the others
  // dropped a moment after they were drawn.
  autoHeight: import.meta.env.MODE !== 'test',
  wrapHeaderText: true,
  autoHeaderHeight: true,
  filterParams: { buttons: ['clear', 'apply'] },
  minWidth: 110,
};

/** Whether two column definitions say the same: the same keys with the same values (functions and objects by identity). */
function sameColumn<Row>(a: ColDef<Row>, b: ColDef<Row>): boolean {
  const keys = Object.keys(a) as (keyof ColDef<Row>)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * The columns as AG Grid last took them, each kept as the same object while its definition is unchanged, and the
 * same list while every column is: a new list makes the grid rebuild its columns and header, and a changed
 * definition refresh every cell of its column, so a page that makes its columns anew for each answer (with the
 * same periods, say) leaves the grid as it is, and a new header text rebuilds that one column.
 */
function useSameColumns<Row>(columns: ColDef<Row>[]): ColDef<Row>[] {
  const kept = useRef(columns);
  const previous = kept.current;
  if (previous === columns) return columns;
  const idOf = (column: ColDef<Row>) => column.colId ?? column.field;
  const byId = new Map(previous.map((column) => [idOf(column), column]));
  const next = columns.map((column) => {
    const old = idOf(column) === undefined ? undefined : byId.get(idOf(column));
    return old !== undefined && sameColumn(old, column) ? old : column;
  });
  const same = next.length === previous.length && next.every((column, i) => column === previous[i]);
  // Kept in render: a render React drops leaves columns equal to the ones the grid has, so nothing is lost.
  kept.current = same ? previous : next;
  return kept.current;
}

/** A header text that changes without new column definitions (see liveHeader). */
interface HeaderText {
  get: () => string;
  set: (text: string) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createHeaderText(initial: string): HeaderText {
  let text = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => text,
    set: (next) => {
      if (next === text) return;
      text = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The text inside AG Grid's own header cell (its sort and filter marks kept), drawn again alone when it changes. */
function HeaderTextView({ text }: { text: HeaderText }) {
  return useSyncExternalStore(text.subscribe, text.get);
}

/**
 * A column's header as `text` says, changed in place: only the text is drawn again (a new header name in the
 * column definitions, or AG Grid's refreshHeader, rebuilds every header cell, and each one measures the grid's
 * width and height while the page has just changed: a forced layout per cell). The CSV export and the grid's menus
 * read the current text too. Make it once per grid and spread it into the column (its parts keep their identity,
 * so the definition stays equal and the grid keeps the column).
 */
export function liveHeader(text: HeaderText): Pick<ColDef, 'headerValueGetter' | 'headerComponentParams'> {
  return {
    headerValueGetter: text.get,
    headerComponentParams: { innerHeaderComponent: HeaderTextView, innerHeaderComponentParams: { text } },
  };
}

/**
 * Where the browser's scrollbars overlay the page (macOS's default, headless Chromium), AG Grid lays its horizontal
 * scrollbar over the last row, a white strip that hid that row's lower 16 px: it stays clear, the overlay scrollbar
 * still drawn on it while scrolling.
 */
const GRID_SX = {
  '& .ag-body-horizontal-scroll.ag-scrollbar-invisible .ag-body-horizontal-scroll-viewport': {
    backgroundColor: 'transparent',
  },
  // AG Grid makes its bottom pinned rows' box content-box, which their cells then inherit (CssBaseline's
  // `box-sizing: inherit`): each cell was its padding and border (32 px) wider than the column above it, a total row's
  // figures standing right of the figures they sum.
  '& .ag-grid-pinned-bottom-rows-container': { boxSizing: 'border-box' },
} as const;
/** AG Grid keeps room for an overlay under auto-height rows; with rows there is none to show. */
const GRID_WITH_ROWS_SX = {
  ...GRID_SX,
  '& .ag-layout-auto-height .ag-grid-scrolling-rows': { minHeight: 0 },
} as const;

function useWindowPageSize(): number {
  const [size, setSize] = useState(() => tablePageSize(window.innerWidth));
  useEffect(() => {
    const onResize = () => setSize(tablePageSize(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

interface DataGridProps<Row> {
  rows: Row[];
  columns: ColDef<Row>[];
  /** Accessible name of the grid. */
  label: string;
  /** Shows the 'Export CSV' button; the file is `<csvFileName>.csv`. */
  csvFileName?: string;
  loading?: boolean;
  getRowId?: GetRowIdFunc<Row>;
  /** Rows pinned under the body (e.g. a total row). */
  pinnedBottomRows?: Row[];
  /** Rows per page; absent or null follows the window width (spec §9). */
  pageSize?: number | null;
  /**
   * Called after a sort, a column shown or hidden, or a page size picked, with the grid's state, so a page can
   * keep it (e.g. in the URL); the page then hands sort and visibility back through the columns' `sort`/`hide`.
   */
  onStateChange?: (state: DataGridState) => void;
  /** More buttons beside 'Export CSV' (e.g. a column chooser). */
  toolbar?: ReactNode;
}

export interface DataGridState {
  sort: { colId: string; direction: 'asc' | 'desc' } | null;
  hidden: string[];
  /** The page size the user picked; null while it follows the window width. */
  pageSize: number | null;
}

/** Where a sort or visibility change came from when a person made it (not the columns handed in by the page). */
const USER_SOURCES: ReadonlySet<string> = new Set([
  'uiColumnSorted',
  'uiColumnMoved',
  'uiColumnDragged',
  'toolPanelUi',
  'toolPanelDragAndDrop',
  'columnMenu',
  'contextMenu',
]);

/** The sort, hidden columns and chosen page size of a grid, as DataGridState. */
function stateOf<Row>(api: GridApi<Row>, pageSize: number | null): DataGridState {
  const columns = api.getColumnState();
  const sorted = columns
    .filter((c) => c.sort === 'asc' || c.sort === 'desc')
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))[0];
  return {
    sort: sorted?.sort ? { colId: sorted.colId, direction: sorted.sort } : null,
    hidden: columns.filter((c) => c.hide === true).map((c) => c.colId),
    pageSize,
  };
}

/**
 * AG Grid Community with the spec §3 defaults, the spec §9 page size for the window width (tablePageSize), an 'Export CSV'
 * button and 'No results found' when there are no rows. Light or dark with the MUI theme.
 */
export function DataGrid<Row>({
  rows,
  columns,
  label,
  csvFileName,
  loading = false,
  getRowId,
  pinnedBottomRows,
  pageSize: chosenPageSize = null,
  onStateChange,
  toolbar,
}: DataGridProps<Row>) {
  const dark = useTheme().palette.mode === 'dark';
  const columnDefs = useSameColumns(columns);
  const windowPageSize = useWindowPageSize();
  const pageSize = chosenPageSize ?? windowPageSize;
  const api = useRef<GridApi<Row> | null>(null);
  // The size the user picked, kept apart from the render: a sort or visibility change reported by a handler of an
  // earlier render (before the pick reached the props) must not send the older size back.
  const picked = useRef(chosenPageSize);
  useEffect(() => {
    picked.current = chosenPageSize;
  }, [chosenPageSize]);
  const report = (grid: GridApi<Row>) => onStateChange?.(stateOf(grid, picked.current));
  return (
    <Box role="region" aria-label={label} sx={rows.length > 0 ? GRID_WITH_ROWS_SX : GRID_SX}>
      {csvFileName === undefined && toolbar === undefined ? null : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 1 }}>
          {toolbar}
          {csvFileName === undefined ? null : (
            <Button
              size="small"
              startIcon={<FileDownloadOutlined />}
              onClick={() => api.current?.exportDataAsCsv({ fileName: `${csvFileName}.csv` })}
            >
              Export CSV
            </Button>
          )}
        </Box>
      )}
      <AgGridReact<Row>
        theme={dark ? GRID_THEMES.dark : GRID_THEMES.light}
        rowData={rows}
        columnDefs={columnDefs}
        defaultColDef={GRID_COLUMN_DEFAULTS}
        loading={loading}
        domLayout="autoHeight"
        // Rows take their new places at once: an animation moves, fades in and fades out rows over several frames
        // after each new answer or sort, each frame restyling the grid.
        animateRows={false}
        pagination
        paginationPageSize={pageSize}
        paginationPageSizeSelector={PAGE_SIZES}
        overlayNoRowsTemplate={ERROR_MESSAGES.emptyTable}
        suppressColumnVirtualisation={import.meta.env.MODE === 'test'}
        enableCellTextSelection
        {...(getRowId ? { getRowId } : {})}
        {...(pinnedBottomRows ? { pinnedBottomRowData: pinnedBottomRows } : {})}
        onGridReady={(event) => {
          api.current = event.api;
        }}
        onSortChanged={(event) => USER_SOURCES.has(event.source) && report(event.api)}
        onColumnVisible={(event) => USER_SOURCES.has(event.source) && report(event.api)}
        onPaginationChanged={(event) => {
          // Only a size the user picked: setting paginationPageSize from the props also raises the event.
          const size = event.api.paginationGetPageSize();
          if (event.newPageSize && size !== pageSize) {
            picked.current = size;
            report(event.api);
          }
        }}
      />
    </Box>
  );
}
