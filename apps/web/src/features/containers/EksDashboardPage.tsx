import type { ContainersSummary } from '@finlens/contracts/containers';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { Chart } from '../../components/Chart';
import { Figure } from '../../components/Figure';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { useSearchChange } from '../../lib/use-search-change';
import { useContainersSummary } from './api/containers-summary-query';
import { ContainersFilters } from './ContainersFilters';
import {
  apiParams,
  capacityLabel,
  costByCapacity,
  costOverTime,
  EKS_DETAILS_PATH,
  explorerLink,
  FILTER_KEYS,
  RIGHTSIZING_PATH,
  ratioText,
  withParams,
} from './containers-view';
import { FargateTable, idleProfiles, NodeGroupsTable } from './NodeGroupsAndFargate';
import { SplitDataMissing } from './SplitDataMissing';

type Cluster = ContainersSummary['clusters'][number];
type Top = ContainersSummary['top_namespaces'][number];
type Capacity = ContainersSummary['capacity_types'][number];

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

function clusterColumns(search: URLSearchParams): SimpleColumn<Cluster>[] {
  return [
    {
      label: 'Cluster',
      render: (c) => (
        <Link component={RouterLink} to={withParams(EKS_DETAILS_PATH, search, { cluster: c.cluster_name })}>
          {c.cluster_name}
        </Link>
      ),
    },
    { label: 'Cost', align: 'right', render: (c) => formatMoney(c.cost) },
    { label: 'Idle', align: 'right', render: (c) => formatMoney(c.idle_cost) },
    { label: 'CPU used ÷ requested', align: 'right', render: (c) => ratioText(c.cpu.used_over_requested) },
    {
      label: 'Memory used ÷ requested',
      align: 'right',
      render: (c) => ratioText(c.memory.used_over_requested),
    },
    {
      label: 'CPU requested ÷ capacity',
      align: 'right',
      render: (c) => ratioText(c.cpu.requested_over_capacity),
    },
    {
      label: 'Memory requested ÷ capacity',
      align: 'right',
      render: (c) => ratioText(c.memory.requested_over_capacity),
    },
    { label: 'Nodes', align: 'right', render: (c) => String(c.nodes) },
    {
      label: 'Cost by capacity type',
      render: (c) =>
        c.capacity_types.map((t) => `${capacityLabel(t.capacity_type)} ${formatMoney(t.cost)}`).join(' · '),
    },
    {
      label: 'Nodes by purchase option',
      render: (c) =>
        c.purchase_options
          .map((o) => `${o.purchase_option}: ${o.nodes} (${formatMoney(o.cost)})`)
          .join(' · '),
    },
  ];
}

/** Pods of a node capacity type lead to the details by namespace on it (Fargate's and unknown nodes' do not). */
function capacityColumns(search: URLSearchParams, total: number): SimpleColumn<Capacity>[] {
  return [
    {
      label: 'Capacity type',
      render: (t) =>
        t.capacity_type === 'fargate' || t.capacity_type.startsWith('(') ? (
          capacityLabel(t.capacity_type)
        ) : (
          <Link
            component={RouterLink}
            to={withParams(EKS_DETAILS_PATH, search, {
              capacity_type: t.capacity_type,
              group_by: 'pod_namespace',
            })}
          >
            {capacityLabel(t.capacity_type)}
          </Link>
        ),
    },
    { label: 'Cost', align: 'right', render: (t) => formatMoney(t.cost) },
    { label: 'Idle', align: 'right', render: (t) => formatMoney(t.idle_cost) },
    { label: 'Share', align: 'right', render: (t) => ratioText(share(t.cost, total)) },
  ];
}

function topColumns(search: URLSearchParams, what: 'namespace' | 'controller'): SimpleColumn<Top>[] {
  return [
    {
      label: what === 'namespace' ? 'Namespace' : 'Workload',
      render: (t) => (
        <Link
          component={RouterLink}
          to={withParams(EKS_DETAILS_PATH, search, {
            cluster: t.cluster_name,
            [what]: t.key,
            group_by: what === 'namespace' ? 'controller' : 'pod',
          })}
        >
          {t.key}
        </Link>
      ),
    },
    ...(what === 'controller' ? [{ label: 'Kind', render: (t: Top) => t.kind ?? '—' }] : []),
    { label: 'Cluster', render: (t) => t.cluster_name },
    { label: 'Cost', align: 'right', render: (t) => formatMoney(t.cost) },
  ];
}

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 320 }} component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function Dashboard({ data, search }: { data: ContainersSummary; search: URLSearchParams }) {
  const chart = useMemo(() => costOverTime(data.daily), [data.daily]);
  const byCapacity = useMemo(() => costByCapacity(data.clusters), [data.clusters]);
  const capacityTotal = data.capacity_types.reduce((s, t) => s + t.cost, 0);
  const { totals, clusters } = data;
  const requested = clusters.reduce((s, c) => s + c.cpu.requested, 0);
  const used = clusters.reduce((s, c) => s + c.cpu.used, 0);
  const memRequested = clusters.reduce((s, c) => s + c.memory.requested, 0);
  const memUsed = clusters.reduce((s, c) => s + c.memory.used, 0);
  const capacity = clusters.reduce((s, c) => s + (c.cpu.capacity ?? 0), 0);
  const filters = Object.fromEntries(
    ['cluster', 'namespace', 'controller', 'node'].map((k) => [k, search.get(k) ?? '']),
  );
  const explorer = explorerLink(data.window, 'pod_namespace', filters);
  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <Figure
          label="Kubernetes cost"
          value={formatMoney(totals.cost)}
          note={`nodes' bill ${formatMoney(totals.node_cost)}`}
        />
        <Figure
          label="Idle capacity"
          value={formatMoney(totals.idle_cost)}
          note={`${ratioText(share(totals.idle_cost, totals.cost))} of the cost`}
        />
        <Figure label="CPU used ÷ requested" value={ratioText(share(used, requested))} />
        <Figure label="Memory used ÷ requested" value={ratioText(share(memUsed, memRequested))} />
        <Figure label="CPU requested ÷ capacity" value={ratioText(share(requested, capacity))} />
        {totals.fargate_cost > 0 ? (
          <Figure
            label="Fargate"
            value={formatMoney(totals.fargate_cost)}
            note={`${clusters.reduce((s, c) => s + c.fargate.pods, 0)} pods, billed on their own`}
          />
        ) : null}
      </Stack>
      <Section
        title="Cluster cost over time"
        action={
          explorer === null ? null : (
            <Button size="small" href={explorer}>
              Open in Explorer
            </Button>
          )
        }
      >
        <Chart
          kind="bar"
          label="Cluster cost over time"
          categories={chart.categories}
          series={chart.series}
          formatValue={formatMoney}
        />
      </Section>
      <Section title="Cost by capacity type">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Pods' cost by what their node ran on in each hour (on demand, spot, or covered by a reservation or a
          savings plan), and Fargate pods billed on their own.
        </Typography>
        <Chart
          kind="bar"
          label="Cost by capacity type per cluster"
          categories={byCapacity.categories}
          series={byCapacity.series}
          formatValue={formatMoney}
          height={240}
        />
        <SimpleTable
          label="Cost by capacity type"
          columns={capacityColumns(search, capacityTotal)}
          rows={data.capacity_types}
          rowKey={(t) => t.capacity_type}
        />
      </Section>
      <Section title="Clusters">
        <SimpleTable
          label="Clusters"
          columns={clusterColumns(search)}
          rows={clusters}
          rowKey={(c) => c.cluster_name}
        />
      </Section>
      <Section title="Node groups">
        <NodeGroupsTable clusters={clusters} />
      </Section>
      {clusters.some((c) => c.fargate.namespaces.length > 0 || c.fargate.profiles.length > 0) ? (
        <Section title="Fargate">
          <FargateTable clusters={clusters} />
          {idleProfiles(clusters).length > 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Profiles without pods in the window: {idleProfiles(clusters).join('; ')}
            </Typography>
          ) : null}
        </Section>
      ) : null}
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <Section title="Top namespaces">
          <SimpleTable
            label="Top namespaces"
            columns={topColumns(search, 'namespace')}
            rows={data.top_namespaces}
            rowKey={(t) => `${t.cluster_name}/${t.key}`}
          />
        </Section>
        <Section
          title="Top workloads"
          action={
            <Button size="small" component={RouterLink} to={withParams(RIGHTSIZING_PATH, search, {})}>
              Rightsizing
            </Button>
          }
        >
          <SimpleTable
            label="Top workloads"
            columns={topColumns(search, 'controller')}
            rows={data.top_workloads}
            rowKey={(t) => `${t.cluster_name}/${t.kind}/${t.key}`}
          />
        </Section>
      </Stack>
      {data.clusters_without_split_data.length > 0 ? (
        <SplitDataMissing clusters={data.clusters_without_split_data} />
      ) : null}
    </Stack>
  );
}

/** /v3/compute-copilot/eks/dashboard/ (and v2): EKS cost per cluster from the CUR's split cost allocation data. */
export function EksDashboardPage({ title = 'EKS Dashboard' }: { title?: string }) {
  const [search, change] = useSearchChange();
  const params = apiParams(search, new Date());
  const { data, isPending, isError, error } = useContainersSummary(params);
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Button variant="outlined" component={RouterLink} to={withParams(EKS_DETAILS_PATH, search, {})}>
          Details
        </Button>
      </Stack>
      <ContainersFilters search={search} change={change} />
      {isError ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <BarsLoader label="Loading EKS cost" />
      ) : data.window === null ? (
        <Alert severity="info">
          No cost data yet. Connect a cloud account and import its bill in Settings → Cloud Accounts.
        </Alert>
      ) : data.clusters.length === 0 ? (
        data.clusters_without_split_data.length > 0 ? (
          <SplitDataMissing clusters={data.clusters_without_split_data} />
        ) : (
          <Alert severity="info">
            No EKS pods in the bill from {data.window.start_date} to {data.window.end_date}
            {FILTER_KEYS.some((key) => search.get(key)) ? ' for these filters' : ''}.
          </Alert>
        )
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {data.window.start_date} to {data.window.end_date} · pods' split cost plus their share of idle
            capacity, at the {data.cost_basis === 'amortized' ? 'amortized' : 'net amortized'} rate of their
            nodes
          </Typography>
          <Dashboard data={data} search={search} />
        </>
      )}
    </Box>
  );
}
