import {
  ALLOCATION_GROUPS,
  ALLOCATION_SORTS,
  type AllocationGroup,
  type AllocationRow,
  IDLE_RULE_NAMES,
} from '@finlens/contracts/containers';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { type ServerColumn, ServerTable } from '../../components/ServerTable';
import { sortFromSearch, urlPaging, useSearchChange } from '../../lib/use-search-change';
import { allocationExportHref, useContainersAllocation } from './api/containers-allocation-query';
import { useContainersReconciliation } from './api/containers-reconciliation-query';
import { ContainersFilters, UrlSelect } from './ContainersFilters';
import {
  apiParams,
  capacityLabel,
  drillDown,
  EKS_DASHBOARD_PATH,
  EKS_DETAILS_PATH,
  explorerLink,
  GROUP_LABELS,
  RIGHTSIZING_PATH,
  ratioText,
  withParams,
} from './containers-view';

const PAGE_SIZE = 25;
type IdleRule = (typeof IDLE_RULE_NAMES)[number];
const IDLE_LABELS: Record<IdleRule, string> = {
  separate: 'Idle as its own line',
  node: 'Idle shared per node',
  cluster: 'Idle shared per cluster',
  proportional: 'Idle shared across clusters',
};

const columns = (group: AllocationGroup): ServerColumn<AllocationRow>[] => [
  {
    label: GROUP_LABELS[group],
    sort: 'name',
    render: (r) => (group === 'capacity_type' ? capacityLabel(r.key) : r.key),
  },
  ...(group === 'cluster_name' ? [] : [{ label: 'Cluster', render: (r: AllocationRow) => r.cluster_name }]),
  { label: 'Cost', sort: 'cost', align: 'right', render: (r) => formatMoney(r.cost) },
  { label: 'CPU', align: 'right', render: (r) => formatMoney(r.cpu_cost) },
  { label: 'Memory', align: 'right', render: (r) => formatMoney(r.memory_cost) },
  { label: 'Idle', sort: 'idle_cost', align: 'right', render: (r) => formatMoney(r.idle_cost) },
  {
    label: 'CPU used ÷ requested',
    sort: 'cpu_efficiency',
    align: 'right',
    render: (r) => ratioText(r.cpu.used_over_requested),
  },
  {
    label: 'Memory used ÷ requested',
    sort: 'memory_efficiency',
    align: 'right',
    render: (r) => ratioText(r.memory.used_over_requested),
  },
  { label: 'Pod-hours', align: 'right', render: (r) => r.pod_hours.toLocaleString('en-US') },
];

function Reconciliation({ params }: { params: Record<string, string> }) {
  const { data } = useContainersReconciliation(params);
  if (data === undefined || data.node_hours === 0) return null;
  const ok = data.mismatch_count === 0 && data.missing_nodes === 0;
  return (
    <Alert severity={ok ? 'success' : 'warning'} sx={{ mb: 2 }}>
      {ok
        ? `Reconciled: in all ${data.node_hours.toLocaleString('en-US')} node-hours the pods' split and idle cost equal the node's own cost to the cent (${formatMoney(data.node_cost)}).`
        : `${data.mismatch_count} of ${data.node_hours} node-hours differ from the node's own cost by a cent or more, ${data.missing_nodes} have no instance cost in the bill (pods ${formatMoney(data.pod_cost)}, nodes ${formatMoney(data.node_cost)}).`}
    </Alert>
  );
}

/** /v3/compute-copilot/eks/details/: cost per cluster, node, namespace, workload or pod, drilling down by click. */
export function EksDetailsPage() {
  const [search, change] = useSearchChange();
  const navigate = useNavigate();
  const group = ALLOCATION_GROUPS.find((g) => g === search.get('group_by')) ?? 'pod_namespace';
  const idle = IDLE_RULE_NAMES.find((r) => r === search.get('idle')) ?? 'separate';
  const sort = sortFromSearch(search, ALLOCATION_SORTS, 'cost');
  const page = Number(search.get('page') ?? '1') || 1;
  const base = apiParams(search, new Date());
  const params = {
    ...base,
    group_by: group,
    idle,
    ...sort,
    page: String(page),
    page_size: String(PAGE_SIZE),
  };
  const { data, isPending, isError, error } = useContainersAllocation(params);
  const open = (row: AllocationRow) => {
    const next = drillDown(group, row.cluster_name, row.key);
    if (next !== null && !row.key.startsWith('('))
      navigate(withParams(EKS_DETAILS_PATH, search, { ...next, page: '' }));
  };
  const controller = search.get('controller');
  // The Explorer has no capacity type (a pod row does not carry its node's purchase option): no link by it.
  const explorer =
    group === 'capacity_type'
      ? null
      : explorerLink(data?.window ?? null, group, {
          cluster: search.get('cluster') ?? '',
          namespace: search.get('namespace') ?? '',
          controller: controller ?? '',
          node: search.get('node') ?? '',
        });
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          EKS Details
        </Typography>
        <Button
          component={RouterLink}
          to={withParams(EKS_DASHBOARD_PATH, search, {
            group_by: '',
            idle: '',
            sort: '',
            order: '',
            page: '',
          })}
        >
          Dashboard
        </Button>
        {controller ? (
          <Button
            variant="contained"
            component={RouterLink}
            to={withParams(RIGHTSIZING_PATH, search, {
              group_by: '',
              idle: '',
              sort: '',
              order: '',
              page: '',
            })}
          >
            Rightsizing of {controller}
          </Button>
        ) : null}
        {explorer === null ? null : <Button href={explorer}>Open in Explorer</Button>}
        <Button variant="outlined" href={allocationExportHref(params)} download="kubernetes-cost.csv">
          Export CSV
        </Button>
      </Stack>
      <ContainersFilters search={search} change={change}>
        <UrlSelect
          label="Group by"
          value={group}
          options={ALLOCATION_GROUPS}
          labels={GROUP_LABELS}
          onChange={(g) => change({ group_by: g })}
        />
        <UrlSelect
          label="Idle capacity"
          value={idle}
          options={IDLE_RULE_NAMES}
          labels={IDLE_LABELS}
          onChange={(r) => change({ idle: r })}
        />
      </ContainersFilters>
      <Reconciliation params={base} />
      {isError ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <BarsLoader label="Loading Kubernetes cost" />
      ) : data.window === null ? (
        <Alert severity="info">
          No cost data yet. Import a bill with split cost allocation data to see pods' cost.
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {data.window.start_date} to {data.window.end_date} · {data.count} rows ·{' '}
            {formatMoney(data.total_cost)} · click a row to drill down
          </Typography>
          <ServerTable
            label={`Cost by ${GROUP_LABELS[group]}`}
            columns={columns(group)}
            rows={data.rows}
            rowKey={(r) => `${r.cluster_name}/${r.key}`}
            rowLabel={(r) => `Open ${r.key}`}
            onOpen={open}
            sort={sort}
            onSort={(s) => change({ sort: s.sort, order: s.order })}
            paging={urlPaging({ page, count: data.count }, PAGE_SIZE, change)}
          />
        </>
      )}
    </Box>
  );
}
