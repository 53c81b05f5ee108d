import {
  CONTAINER_RIGHTSIZING_LOOKBACK_DAYS,
  SPLIT_DATA_ACTION,
  type WorkloadRecommendation,
  type WorkloadUsageDay,
} from '@finlens/contracts/containers';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { Link as RouterLink } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { Chart } from '../../components/Chart';
import { DataGrid } from '../../components/DataGrid';
import { Figure } from '../../components/Figure';
import { useSearchChange } from '../../lib/use-search-change';
import { useContainerRightsizing } from './api/container-rightsizing-query';
import { ContainersFilters, UrlSelect } from './ContainersFilters';
import { apiParams, EKS_DETAILS_PATH, recommendationPath, withParams } from './containers-view';

const HEADROOMS = ['10', '20', '30', '50'] as const;
type Headroom = (typeof HEADROOMS)[number];
const HEADROOM_LABELS: Record<Headroom, string> = { '10': '10 %', '20': '20 %', '30': '30 %', '50': '50 %' };
const fixed = (value: number) => value.toFixed(2);

const amount = (value: number, unit: string) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ${unit}`;
/** A request, '→' and its recommendation ('fits' when no change is worth it). */
const requestText = (advice: WorkloadRecommendation['cpu'], unit: string) =>
  advice.recommended === null
    ? `${amount(advice.requested, unit)} (fits)`
    : `${amount(advice.requested, unit)} → ${amount(advice.recommended, unit)}`;

const COLUMNS: ColDef<WorkloadRecommendation>[] = [
  { field: 'controller', headerName: 'Workload', flex: 2 },
  // Beside the workload's name: the grid draws only the columns in view, and it is wider than most screens.
  {
    field: 'recommendation_id',
    headerName: 'Recommendation',
    width: 170,
    cellRenderer: ({ data }: { data?: WorkloadRecommendation }) =>
      data?.recommendation_id ? (
        <RouterLink
          to={recommendationPath(data.recommendation_id)}
          aria-label={`Recommendation for ${data.controller}`}
        >
          Open in the ledger
        </RouterLink>
      ) : (
        ''
      ),
  },
  { field: 'controller_kind', headerName: 'Kind' },
  { field: 'namespace', headerName: 'Namespace' },
  { field: 'cluster_name', headerName: 'Cluster' },
  {
    colId: 'cpu',
    headerName: 'CPU request per pod',
    valueGetter: ({ data }) => (data ? requestText(data.cpu, 'vCPU') : ''),
    flex: 2,
  },
  {
    colId: 'cpu_use',
    headerName: 'CPU use p95 / max',
    valueGetter: ({ data }) => (data ? `${fixed(data.cpu.p95_usage)} / ${fixed(data.cpu.peak_usage)}` : ''),
  },
  {
    colId: 'memory',
    headerName: 'Memory request per pod',
    valueGetter: ({ data }) => (data ? requestText(data.memory, 'GB') : ''),
    flex: 2,
  },
  {
    colId: 'memory_use',
    headerName: 'Memory use p95 / max',
    valueGetter: ({ data }) =>
      data ? `${fixed(data.memory.p95_usage)} / ${fixed(data.memory.peak_usage)}` : '',
  },
  {
    field: 'cost',
    headerName: 'Cost in range',
    valueFormatter: ({ value }) => formatMoney(Number(value)),
    filter: 'agNumberColumnFilter',
    type: 'rightAligned',
  },
  {
    field: 'monthly_saving',
    headerName: 'Monthly saving',
    valueFormatter: ({ value }) => formatMoney(Number(value)),
    filter: 'agNumberColumnFilter',
    type: 'rightAligned',
    sort: 'desc',
  },
  {
    field: 'on_demand_monthly_saving',
    headerName: 'At on-demand prices',
    valueFormatter: ({ value }) => formatMoney(Number(value)),
    type: 'rightAligned',
  },
  // Two accounts of a project may run same-named clusters: each is a row of its own.
  { field: 'account_id', headerName: 'Account' },
];

/** One workload's use per pod against its request, per day (the recommendation's evidence). */
function UsageCharts({ series, name }: { series: WorkloadUsageDay[]; name: string }) {
  const categories = series.map((d) => d.date);
  const chart = (resource: 'cpu' | 'memory', unit: string) => (
    <Chart
      kind="line"
      label={`${resource === 'cpu' ? 'CPU' : 'Memory'} of ${name} against its request (${unit} per pod)`}
      height={240}
      categories={categories}
      formatValue={(v) => `${v.toFixed(2)} ${unit}`}
      series={[
        { name: 'Request', values: series.map((d) => d[`${resource}_request`]), reference: true },
        { name: 'p95 of the busiest pod', values: series.map((d) => d[`${resource}_p95`]) },
        { name: 'Max', values: series.map((d) => d[`${resource}_max`]) },
      ]}
    />
  );
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
      <Box sx={{ flex: 1 }}>{chart('cpu', 'vCPU')}</Box>
      <Box sx={{ flex: 1 }}>{chart('memory', 'GB')}</Box>
    </Stack>
  );
}

/** /v3/compute-copilot/container-rightsizing/: per workload, requests against observed use and smaller requests. */
export function ContainerRightsizingPage() {
  const [search, change] = useSearchChange();
  const headroom = HEADROOMS.find((h) => h === search.get('headroom')) ?? '20';
  const params = { ...apiParams(search, new Date()), headroom };
  const { data, isPending, isError, error } = useContainerRightsizing(params);
  const rows = data?.workloads ?? [];
  const toChange = rows.filter((w) => w.monthly_saving > 0);
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Container Rightsizing
        </Typography>
        <Button component={RouterLink} to={withParams(EKS_DETAILS_PATH, search, { headroom: '' })}>
          EKS Details
        </Button>
      </Stack>
      <ContainersFilters
        search={search}
        change={change}
        dataRange={`Last ${CONTAINER_RIGHTSIZING_LOOKBACK_DAYS} days of data`}
      >
        <UrlSelect
          label="Headroom above p95"
          value={headroom}
          options={HEADROOMS}
          labels={HEADROOM_LABELS}
          onChange={(h) => change({ headroom: h })}
        />
      </ContainersFilters>
      {isError ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <BarsLoader label="Loading workloads" />
      ) : data.window === null || rows.length === 0 ? (
        <Alert severity="info">
          {data.window === null
            ? 'No cost data yet. Import a bill with split cost allocation data to see workloads.'
            : `No Kubernetes workloads with split cost allocation data from ${data.window.start_date} to ${data.window.end_date}.`}{' '}
          {SPLIT_DATA_ACTION}
        </Alert>
      ) : (
        <Stack sx={{ gap: 2 }}>
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <Figure
              label="Monthly saving"
              value={formatMoney(data.monthly_saving)}
              note="at the nodes' effective rate"
            />
            <Figure label="Workloads to resize" value={`${toChange.length} of ${rows.length}`} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Requests against the use the split cost allocation data reports per pod and hour,{' '}
            {data.window.start_date} to {data.window.end_date}. The recommendation covers the p95 of the
            busiest pod's hourly use plus {data.headroom} % headroom, never below its peak; the saving is the
            split cost the smaller requests no longer take, at the nodes' effective rate per average month.
            Freed capacity turns into idle capacity until the node group scales in.
          </Typography>
          {data.series !== null && data.series.length > 0 && rows[0] !== undefined ? (
            <UsageCharts series={data.series} name={rows[0].controller} />
          ) : null}
          <DataGrid
            label="Workload rightsizing"
            rows={rows}
            columns={COLUMNS}
            csvFileName="container-rightsizing"
            getRowId={({ data: w }) => `${w.account_id}|${w.id}`}
          />
        </Stack>
      )}
    </Box>
  );
}
