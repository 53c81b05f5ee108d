import type { DatabricksDashboard, DatabricksRow } from '@finlens/contracts/compute-copilot';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import type { ColDef } from 'ag-grid-community';
import { Chart } from '../../components/Chart';
import { useDatabricksDashboard } from './api/compute-copilot-query';
import {
  amountColumn,
  CopilotPage,
  Figure,
  Figures,
  GridSection,
  money,
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

function costColumns<Row extends DatabricksRow>(currency: string): ColDef<Row>[] {
  return (Object.keys(COST_FIELDS) as (keyof typeof COST_FIELDS)[]).map((field) =>
    amountColumn<Row>(
      COST_FIELDS[field],
      (r) => r[field],
      currency,
      field === 'total' ? { sort: 'desc' } : {},
    ),
  );
}

const clusterColumns = (currency: string): ColDef<Cluster>[] => [
  {
    field: 'label',
    headerName: 'Cluster',
    flex: 2,
    cellRenderer: ({ data }: { data?: Cluster }) =>
      data ? (
        <>
          {data.label} {data.idle ? <Chip size="small" color="warning" label="Idle" /> : null}
        </>
      ) : null,
  },
  { field: 'kind', headerName: 'Kind' },
  { field: 'creator', headerName: 'Creator' },
  { field: 'job_id', headerName: 'Job' },
  { colId: 'instances', headerName: 'Instances', valueGetter: ({ data }) => data?.instances.length ?? 0 },
  {
    colId: 'cpu',
    headerName: 'CPU avg',
    valueGetter: ({ data }) => (data?.cpu_avg == null ? '—' : `${data.cpu_avg.toFixed(1)} %`),
  },
  ...costColumns<Cluster>(currency),
];

const jobColumns = (currency: string): ColDef<Job>[] => [
  { field: 'key', headerName: 'Job id' },
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
