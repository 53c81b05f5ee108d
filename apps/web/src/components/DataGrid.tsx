import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import { tablePageSize } from '@finlens/cost-model/page-size';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import {
  AllCommunityModule,
  type ColDef,
  colorSchemeDark,
  colorSchemeLight,
  type GetRowIdFunc,
  type GridApi,
  ModuleRegistry,
  themeQuartz,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useRef, useState } from 'react';

ModuleRegistry.registerModules([AllCommunityModule]);

/** The page-size choices: spec §9's sizes for each window width. */
const PAGE_SIZES = [10, 20, 30, 50];

/** Spec §3 "Data grid defaults": sortable, filterable, resizable, wrapped text; filter buttons clear and apply. */
const GRID_COLUMN_DEFAULTS: ColDef = {
  sortable: true,
  filter: true,
  resizable: true,
  wrapText: true,
  autoHeight: true,
  wrapHeaderText: true,
  autoHeaderHeight: true,
  filterParams: { buttons: ['clear', 'apply'] },
  minWidth: 110,
};

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
}: DataGridProps<Row>) {
  const dark = useTheme().palette.mode === 'dark';
  const pageSize = useWindowPageSize();
  const api = useRef<GridApi<Row> | null>(null);
  return (
    <Box
      role="region"
      aria-label={label}
      // AG Grid keeps room for an overlay under auto-height rows; with rows there is none to show.
      sx={
        rows.length > 0 ? { '& .ag-layout-auto-height .ag-grid-scrolling-rows': { minHeight: 0 } } : undefined
      }
    >
      {csvFileName === undefined ? null : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button
            size="small"
            startIcon={<FileDownloadOutlined />}
            onClick={() => api.current?.exportDataAsCsv({ fileName: `${csvFileName}.csv` })}
          >
            Export CSV
          </Button>
        </Box>
      )}
      <AgGridReact<Row>
        theme={themeQuartz.withPart(dark ? colorSchemeDark : colorSchemeLight)}
        rowData={rows}
        columnDefs={columns}
        defaultColDef={GRID_COLUMN_DEFAULTS}
        loading={loading}
        domLayout="autoHeight"
        pagination
        paginationPageSize={pageSize}
        paginationPageSizeSelector={PAGE_SIZES}
        overlayNoRowsTemplate={ERROR_MESSAGES.emptyTable}
        suppressColumnVirtualisation
        enableCellTextSelection
        {...(getRowId ? { getRowId } : {})}
        {...(pinnedBottomRows ? { pinnedBottomRowData: pinnedBottomRows } : {})}
        onGridReady={(event) => {
          api.current = event.api;
        }}
      />
    </Box>
  );
}
