import type { ResourceCostRow } from '@finlens/contracts/resources-cost';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { EmptyTableRow } from '../../components/EmptyTableRow';
import { resourcesCostExportHref, useResourcesCost } from './api/resources-cost-query';
import { ResourceDrawer } from './ResourceDrawer';
import { FILTER_KEYS, ResourceFilters } from './ResourceFilters';
import { listParams, PAGE_SIZE, sortOf, trendText } from './resources-cost-view';

type Column = {
  label: string;
  sort?: string;
  align?: 'right';
  render: (r: ResourceCostRow) => React.ReactNode;
};

const COLUMNS: Column[] = [
  {
    label: 'Resource',
    sort: 'name',
    render: (r) => (
      <>
        <Typography variant="body2">{r.name ?? r.resource_id}</Typography>
        {r.name !== null && (
          <Typography variant="caption" color="text.secondary">
            {r.resource_id}
          </Typography>
        )}
        {!r.in_inventory && <Chip size="small" label="Not collected" sx={{ ml: 1 }} />}
      </>
    ),
  },
  {
    label: 'Account',
    sort: 'account_id',
    render: (r) =>
      r.account_id === null ? (
        '—'
      ) : (
        <>
          <Typography variant="body2">{r.account_name ?? r.account_id}</Typography>
          {r.account_name !== null && (
            <Typography variant="caption" color="text.secondary">
              {r.account_id}
            </Typography>
          )}
        </>
      ),
  },
  { label: 'Region', sort: 'region', render: (r) => r.region ?? '—' },
  { label: 'Service', sort: 'service', render: (r) => r.service ?? '—' },
  { label: 'Type', sort: 'type', render: (r) => r.type ?? r.kind ?? '—' },
  { label: 'State', sort: 'state', render: (r) => r.state ?? '—' },
  { label: 'Owner', sort: 'owner', render: (r) => r.owner ?? '—' },
  { label: '30-day cost', sort: 'cost', align: 'right', render: (r) => formatMoney(r.cost) },
  { label: 'Trend', sort: 'trend', align: 'right', render: (r) => trendText(r.trend) },
  {
    label: 'p95 CPU (14 d)',
    align: 'right',
    render: (r) => (r.utilisation?.cpu_p95 == null ? '—' : `${r.utilisation.cpu_p95.toFixed(1)}%`),
  },
  { label: 'Last seen', sort: 'last_seen', render: (r) => r.last_seen?.slice(0, 10) ?? '—' },
];

/** /v3/resources-cost/: every resource with its cost, utilisation and sightings; a drawer per resource. */
export function ResourcesCostPage() {
  const [search, setSearch] = useSearchParams();
  const params = listParams(search);
  const { data, isPending, isError, error } = useResourcesCost(params);
  const { sort, order } = sortOf(search);
  const filtered = FILTER_KEYS.some((k) => (search.get(k) ?? '') !== '');

  const change = (updates: Record<string, string>, resetPage = true) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(updates)) {
      if (value === '') next.delete(key);
      else next.set(key, value);
    }
    if (resetPage) next.delete('page');
    setSearch(next);
  };
  const open = (row: ResourceCostRow) => change({ resource: row.key, project: row.project_id }, false);
  const resource = search.get('resource');
  const project = search.get('project');

  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Resources Cost
        </Typography>
        <Button variant="outlined" href={resourcesCostExportHref(params)} download="resources-cost.csv">
          Export CSV
        </Button>
      </Stack>
      <ResourceFilters search={search} options={data?.filter_options} change={change} />
      {isError ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <BarsLoader label="Loading resources" />
      ) : data.count === 0 && !filtered ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/v3/settings?tab=cloud-accounts" size="small">
              Cloud Accounts
            </Button>
          }
        >
          No resources yet. Connect a cloud account and collect its inventory (or import its bill) in Settings
          → Cloud Accounts; resources appear here after the first collection or import.
        </Alert>
      ) : (
        <>
          {data.window !== null && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Cost from {data.window.start_date} to {data.window.end_date}, trend against the 30 days before ·{' '}
              {data.count} resources · {formatMoney(data.total_cost)}
            </Typography>
          )}
          <Table size="small" aria-label="Resources">
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c.label} align={c.align} sortDirection={c.sort === sort ? order : false}>
                    {c.sort === undefined ? (
                      c.label
                    ) : (
                      <TableSortLabel
                        active={c.sort === sort}
                        direction={c.sort === sort ? order : 'desc'}
                        onClick={() =>
                          change({
                            sort: c.sort ?? '',
                            order: c.sort === sort && order === 'desc' ? 'asc' : 'desc',
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
              <EmptyTableRow rowCount={data.results.length} columns={COLUMNS.length} />
              {data.results.map((row) => (
                <TableRow
                  key={`${row.project_id}|${row.key}`}
                  hover
                  tabIndex={0}
                  aria-label={`Open ${row.name ?? row.resource_id}`}
                  sx={{ cursor: 'pointer' }}
                  onClick={() => open(row)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      open(row);
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
          <TablePagination
            component="div"
            count={data.count}
            page={data.page - 1}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_e, page) => change({ page: String(page + 1) }, false)}
          />
        </>
      )}
      {resource !== null && project !== null && (
        <ResourceDrawer
          projectId={project}
          resourceKey={resource}
          onClose={() => change({ resource: '', project: '' }, false)}
        />
      )}
    </Box>
  );
}
