import type { ResourceCostRow } from '@finlens/contracts/resources-cost';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { NameAndId } from '../../components/NameAndId';
import { type ServerColumn, ServerTable } from '../../components/ServerTable';
import { urlPaging, useSearchChange } from '../../lib/use-search-change';
import { resourcesCostExportHref, useResourcesCost } from './api/resources-cost-query';
import { ResourceDrawer } from './ResourceDrawer';
import { FILTER_KEYS, ResourceFilters } from './ResourceFilters';
import { listParams, PAGE_SIZE, sortOf, trendText } from './resources-cost-view';

const COLUMNS: ServerColumn<ResourceCostRow>[] = [
  {
    label: 'Resource',
    sort: 'name',
    render: (r) => (
      <>
        <NameAndId name={r.name} id={r.resource_id} />
        {!r.in_inventory && <Chip size="small" label="Not collected" sx={{ ml: 1 }} />}
      </>
    ),
  },
  {
    label: 'Account',
    sort: 'account_id',
    render: (r) => (r.account_id === null ? '—' : <NameAndId name={r.account_name} id={r.account_id} />),
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
  const [search, change] = useSearchChange();
  const params = listParams(search);
  const { data, isPending, isError, error } = useResourcesCost(params);
  const filtered = FILTER_KEYS.some((k) => (search.get(k) ?? '') !== '');

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
          <ServerTable
            label="Resources"
            columns={COLUMNS}
            rows={data.results}
            rowKey={(row) => `${row.project_id}|${row.key}`}
            rowLabel={(row) => `Open ${row.name ?? row.resource_id}`}
            onOpen={open}
            sort={sortOf(search)}
            onSort={({ sort, order }) => change({ sort, order })}
            paging={urlPaging(data, PAGE_SIZE, change)}
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
