import type { DatabricksDashboard, DatabricksRow } from '@finlens/contracts/compute-copilot';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import type { ColDef } from 'ag-grid-community';
import { Chart } from '../../components/Chart';
import { useDatabricksDashboard } from './api/compute-copilot-query';
import {
  AwaitingCpu,
  amountColumn,
  CopilotPage,
  Figure,
  Figures,
  GridSection,
  money,
  ONE_LINE,
  Section,
  share,
  useCopilotRange,
} from './copilot-kit';

type Cluster = DatabricksDashboard['clusters'][number];
type Job = DatabricksDashboard['jobs'][number];

const COST_FIELDS = {
  infrastructure: 'Infrastructure (EC2)',
  dbu: 'DBUs',
  total: 'Total',
  previous_total: 'Previous period',
} as const;

/**
 * Money columns wide enough for $123,456.78 on one line (amountColumn never wraps a figure) and narrow enough
 * that a cluster's four figures fit beside its name on a laptop screen.
 */
const MONEY_WIDTH = { width: 124, minWidth: 120 };

function costColumns<Row extends DatabricksRow>(currency: string): ColDef<Row>[] {
  return (Object.keys(COST_FIELDS) as (keyof typeof COST_FIELDS)[]).map((field) =>
    amountColumn<Row>(COST_FIELDS[field], (r) => r[field], currency, {
      ...MONEY_WIDTH,
      ...(field === 'total' ? { sort: 'desc' as const } : {}),
    }),
  );
}

/** Name and cost first (seen without scrolling at 1366 px), then what the cluster is and who made it. */
const clusterColumns = (currency: string): ColDef<Cluster>[] => [
  {
    field: 'label',
    headerName: 'Cluster',
    flex: 2,
    minWidth: 170,
    cellRenderer: ({ data }: { data?: Cluster }) =>
      data ? (
        <>
          {data.label} {data.idle ? <Chip size="small" color="warning" label="Idle" /> : null}
        </>
      ) : null,
  },
  ...costColumns<Cluster>(currency),
  {
    colId: 'cpu',
    headerName: 'CPU avg',
    width: 85,
    minWidth: 80,
    valueGetter: ({ data }) => (data?.cpu_avg == null ? '—' : `${data.cpu_avg.toFixed(1)} %`),
    type: 'rightAligned',
    ...ONE_LINE,
  },
  {
    colId: 'kind',
    headerName: 'Kind',
    width: 100,
    minWidth: 95,
    valueGetter: ({ data }) =>
      data?.job_id ? `Job ${data.job_id}` : data?.kind === 'job' ? 'Job' : 'All-purpose',
    ...ONE_LINE,
  },
  { field: 'creator', headerName: 'Creator', flex: 1, minWidth: 215 },
  {
    colId: 'instances',
    headerName: 'Instances',
    width: 85,
    minWidth: 80,
    valueGetter: ({ data }) => data?.instances.length ?? 0,
    type: 'rightAligned',
    ...ONE_LINE,
  },
];

const jobColumns = (currency: string): ColDef<Job>[] => [
  { field: 'key', headerName: 'Job id', ...ONE_LINE },
  { field: 'label', headerName: 'Run name', flex: 2 },
  ...costColumns<Job>(currency),
  {
    colId: 'growth',
    headerName: 'Growth',
    valueGetter: ({ data }) => (data?.growth == null ? null : data.growth * 100),
    valueFormatter: ({ data }) =>
      data?.growth == null ? '—' : `${data.growth > 0 ? '+' : ''}${share(data.growth)}`,
    filter: 'agNumberColumnFilter',
    type: 'rightAligned',
    ...ONE_LINE,
  },
];

const namedColumns = (name: string, currency: string): ColDef<DatabricksRow>[] => [
  { field: 'label', headerName: name, flex: 2 },
  ...costColumns<DatabricksRow>(currency),
];

/** Databricks Dashboard: infrastructure and DBU cost per workspace, cluster, job and user. */
export function DatabricksDashboardPage() {
  const { range, days, setDays } = useCopilotRange();
  const query = useDatabricksDashboard(range);
  const data = query.data;
  const currency = data?.currency ?? 'USD';
  const idle = data?.clusters.filter((c) => c.idle) ?? [];
  const grown = data?.jobs.filter((j) => (j.growth ?? 0) > 0.2) ?? [];
  return (
    <CopilotPage
      title="Databricks Dashboard"
      subtitle="From the tags Databricks puts on its clusters' instances (Vendor, ClusterName, ClusterId, JobId, Creator) and its DBU lines in the bill; the previous period is the same length just before."
      days={days}
      onDays={setDays}
      answered={data}
      pending={query.isPending}
      error={query.error}
    >
      {data && data.totals.total === 0 ? (
        <Section title="No Databricks spend">
          No instance tagged Vendor=Databricks and no Databricks line in the bill for this range.
        </Section>
      ) : null}
      {data && data.totals.total !== 0 ? (
        <>
          <AwaitingCpu
            awaited={data.totals.instances_awaiting_cpu}
            instances={data.totals.instances}
            needs="Idle all-purpose clusters are found from them: a cluster's CPU shows when every running instance of it has its own"
          />
          <Figures>
            <Figure label="Total" value={money(data.totals.total, currency)} />
            <Figure label="Infrastructure (EC2)" value={money(data.totals.infrastructure, currency)} />
            <Figure label="DBUs" value={money(data.totals.dbu, currency)} />
            <Figure
              label="DBUs not matched to a cluster"
              value={money(data.totals.dbu_unallocated, currency)}
              hint="SQL warehouses, serverless"
            />
          </Figures>
          {idle.length > 0 ? (
            <Alert severity="warning">
              Idle all-purpose clusters:{' '}
              {idle.map((c) => `${c.label} (${money(c.total, currency)})`).join(', ')} — set an
              auto-termination time or terminate them.
            </Alert>
          ) : null}
          {grown.length > 0 ? (
            <Alert severity="info">
              Jobs whose cost grew: {grown.map((j) => `${j.label} (+${share(j.growth)})`).join(', ')}.
            </Alert>
          ) : null}
          <Chart
            kind="bar"
            label="Infrastructure and DBU cost per cluster"
            categories={data.clusters.map((c) => c.label)}
            series={[
              { name: 'Infrastructure (EC2)', values: data.clusters.map((c) => c.infrastructure) },
              { name: 'DBUs', values: data.clusters.map((c) => c.dbu) },
            ]}
            formatValue={(v) => money(v, currency)}
            height={260}
          />
          <GridSection<DatabricksRow>
            title="Workspaces"
            label="Databricks workspaces"
            rows={data.workspaces}
            columns={namedColumns('Workspace (account)', currency)}
            csv="databricks-workspaces"
            rowId={(row) => row.key}
          />
          <GridSection<Cluster>
            title="Clusters"
            label="Databricks clusters"
            rows={data.clusters}
            columns={clusterColumns(currency)}
            csv="databricks-clusters"
            rowId={(row) => row.key}
          />
          <GridSection<Job>
            title="Jobs"
            label="Databricks jobs"
            rows={data.jobs}
            columns={jobColumns(currency)}
            csv="databricks-jobs"
            rowId={(row) => row.key}
          />
          <GridSection<DatabricksRow>
            title="Users"
            label="Databricks users"
            rows={data.users}
            columns={namedColumns('Creator', currency)}
            csv="databricks-users"
            rowId={(row) => row.key || 'none'}
          />
        </>
      ) : null}
    </CopilotPage>
  );
}
