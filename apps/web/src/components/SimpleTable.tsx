import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { EmptyTableRow } from './EmptyTableRow';

export interface SimpleColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  sx?: SxProps<Theme>;
}

interface SimpleTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly SimpleColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** While the rows load, no 'No results found' row. */
  pending?: boolean;
  /** The key of the row shown as selected (e.g. the one a chart beside the table draws). */
  selectedKey?: string | null;
}

/**
 * A small read-only table (a few columns, tens of rows) with the spec §8 empty row. Data tables with sorting,
 * filtering, paging or export use the DataGrid instead.
 */
export function SimpleTable<T>({
  label,
  columns,
  rows,
  rowKey,
  pending = false,
  selectedKey = null,
}: SimpleTableProps<T>) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.label} align={column.align}>
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        <EmptyTableRow rowCount={pending ? 1 : rows.length} columns={columns.length} />
        {rows.map((row) => (
          <TableRow key={rowKey(row)} selected={rowKey(row) === selectedKey}>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.align} sx={column.sx}>
                {column.render(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
