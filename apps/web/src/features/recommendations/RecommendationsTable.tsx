import { RECOMMENDATION_TYPE_INFO, type Recommendation } from '@finlens/contracts/recommendations';
import { formatMoney } from '@finlens/cost-model/format';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EmptyTableRow } from '../../components/EmptyTableRow';

interface Column {
  label: string;
  sort?: string;
  align?: 'right';
  render: (r: Recommendation) => ReactNode;
}

const COLUMNS: Column[] = [
  {
    label: 'Resource',
    sort: 'resource',
    render: (r) => (
      <>
        <Typography variant="body2">{r.resource_name ?? r.resource_id}</Typography>
        {r.resource_name !== null && (
          <Typography variant="caption" color="text.secondary">
            {r.resource_id}
          </Typography>
        )}
      </>
    ),
  },
  { label: 'Type', sort: 'type', render: (r) => RECOMMENDATION_TYPE_INFO[r.type].name },
  { label: 'Account', sort: 'account', render: (r) => r.account_name ?? r.account_id },
  { label: 'Region', sort: 'region', render: (r) => r.region },
  { label: 'Action', render: (r) => r.action.description },
  { label: 'Risk', render: (r) => <Chip size="small" label={r.risk} /> },
  {
    label: 'Monthly cost',
    sort: 'cost',
    align: 'right',
    render: (r) => formatMoney(r.saving.current_monthly_cost),
  },
  {
    label: 'Monthly saving',
    sort: 'saving',
    align: 'right',
    render: (r) => formatMoney(r.saving.estimated_monthly_saving),
  },
  {
    label: 'On-demand saving',
    sort: 'on_demand_saving',
    align: 'right',
    render: (r) => formatMoney(r.saving.on_demand_monthly_saving),
  },
  { label: 'Status', render: (r) => r.status },
];

/** Recommendations as rows: sortable headers, a row opens its page (click, Enter or Space). */
export function RecommendationsTable({
  rows,
  sort,
  onSort,
  onOpen,
}: {
  rows: Recommendation[];
  sort: { sort: string; order: 'asc' | 'desc' };
  onSort: (sort: string, order: 'asc' | 'desc') => void;
  onOpen: (rec: Recommendation) => void;
}) {
  return (
    <Table size="small" aria-label="Recommendations">
      <TableHead>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableCell
              key={c.label}
              align={c.align}
              sortDirection={c.sort === sort.sort ? sort.order : false}
            >
              {c.sort === undefined ? (
                c.label
              ) : (
                <TableSortLabel
                  active={c.sort === sort.sort}
                  direction={c.sort === sort.sort ? sort.order : 'desc'}
                  onClick={() =>
                    onSort(c.sort ?? 'saving', c.sort === sort.sort && sort.order === 'desc' ? 'asc' : 'desc')
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
        <EmptyTableRow rowCount={rows.length} columns={COLUMNS.length} />
        {rows.map((row) => (
          <TableRow
            key={row.id}
            hover
            tabIndex={0}
            aria-label={`Open ${row.title}`}
            sx={{ cursor: 'pointer' }}
            onClick={() => onOpen(row)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onOpen(row);
              }
            }}
          >
            {COLUMNS.map((c) => (
              <TableCell key={c.label} align={c.align}>
                {c.render(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
