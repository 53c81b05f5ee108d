import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import { EmptyTableRow } from './EmptyTableRow';

export interface ServerColumn<T> {
  label: string;
  /** The server's sort key; absent: the column does not sort. */
  sort?: string;
  align?: 'right';
  render: (row: T) => ReactNode;
}

interface ServerSort {
  sort: string;
  order: 'asc' | 'desc';
}

interface ServerTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly ServerColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A row's accessible name, e.g. 'Open i-0abc'. */
  rowLabel: (row: T) => string;
  onOpen: (row: T) => void;
  /** With `onSort`, headers sort: a click sends the column's key, descending first, then toggling. */
  sort?: ServerSort;
  onSort?: (sort: ServerSort) => void;
  /** With `paging`, a pager below: 1-based `page` of `pageSize` rows out of `count`. */
  paging?: { page: number; pageSize: number; count: number; onPage: (page: number) => void };
}

/**
 * A list the server sorts and pages: sortable headers, a row opens on click, Enter or Space, the spec §8 empty
 * row, a pager of one page size. Small read-only tables use SimpleTable; client-side grids the DataGrid.
 */
export function ServerTable<T>(props: ServerTableProps<T>) {
  const { columns, rows, sort, onSort, paging } = props;
  return (
    <>
      <Table size="small" aria-label={props.label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell
                key={c.label}
                align={c.align}
                sortDirection={sort !== undefined && c.sort === sort.sort ? sort.order : false}
              >
                {c.sort === undefined || sort === undefined || onSort === undefined ? (
                  c.label
                ) : (
                  <TableSortLabel
                    active={c.sort === sort.sort}
                    direction={c.sort === sort.sort ? sort.order : 'desc'}
                    onClick={() =>
                      onSort({
                        sort: c.sort ?? sort.sort,
                        order: c.sort === sort.sort && sort.order === 'desc' ? 'asc' : 'desc',
                      })
                    }
                  >
                    {c.label}
                  </TableSortLabel>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <EmptyTableRow rowCount={rows.length} columns={columns.length} />
          {rows.map((row) => (
            <TableRow
              key={props.rowKey(row)}
              hover
              tabIndex={0}
              aria-label={props.rowLabel(row)}
              sx={{ cursor: 'pointer' }}
              onClick={() => props.onOpen(row)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  props.onOpen(row);
                }
              }}
            >
              {columns.map((c) => (
                <TableCell key={c.label} align={c.align}>
                  {c.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {paging === undefined ? null : (
        <TablePagination
          component="div"
          count={paging.count}
          page={paging.page - 1}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[paging.pageSize]}
          onPageChange={(_e, page) => paging.onPage(page + 1)}
        />
      )}
    </>
  );
}
