import { type ShowbackDetail, UNALLOCATED_VALUE } from '@finlens/contracts/showbacks';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminAction } from '../../components/AdminAction';
import { Chart } from '../../components/Chart';
import { DataGrid } from '../../components/DataGrid';
import { useShowbackDetail } from './api/showback-detail-query';
import { useShowbackConfig } from './api/showbacks-query';
import { useValuesDailyCost } from './api/values-daily-cost-query';
import { ShowbackHeader, useShowbackRoute } from './ShowbackHeader';
import {
  formatUnitCost,
  GRANULARITIES,
  SHOWBACK_PARAMS,
  type ShowbackGranularity,
  type ShowbackRange,
  showbackHrefs,
  totalRow,
  type ValueRow,
  valueChoices,
  valueRows,
} from './showback-view';
import { UnitsUploadDialog } from './UnitsUploadDialog';
import { ValueAccessDialog } from './ValueAccessDialog';

const money = (value: number) => formatMoney(value);

/** Shown once any value has uploaded units; pinned so they stay in view beside the many period columns. */
const unitColumns: ColDef<ValueRow>[] = [
  {
    headerName: 'Units',
    pinned: 'right',
    valueGetter: ({ data }) => data?.units ?? null,
    valueFormatter: ({ value }) => (value === null ? '-' : (value as number).toLocaleString('en-US')),
    filter: 'agNumberColumnFilter',
  },
  {
    headerName: 'Unit cost',
    pinned: 'right',
    valueGetter: ({ data }) => data?.unit_cost ?? null,
    valueFormatter: ({ value }) => formatUnitCost(value as number | null),
    filter: 'agNumberColumnFilter',
  },
];
const GRANULARITY_LABELS: Record<ShowbackGranularity, string> = { day: 'Daily', month: 'Monthly' };

/**
 * Showback Details (/v3/cost/showbacks-detail-api/:key/): per value a stacked chart over time and a grid
 * with a column per period, the total, previous period and forecast; the reconciliation check; links to the
 * resources behind each value and to Unallocated; unit costs from uploaded daily units. Admins upload units
 * and choose the values members see. Range and granularity live in the URL.
 */
export function ShowbackDetailPage() {
  const { id, range, dates, searchParams, setParam } = useShowbackRoute();
  const granularity = GRANULARITIES.find((g) => g === searchParams.get(SHOWBACK_PARAMS.granularity)) ?? 'day';
  const detail = useShowbackDetail(id, dates);
  const series = useValuesDailyCost(id, dates, granularity);
  const showback = useShowbackConfig(id).data;
  const [dialog, setDialog] = useState<'units' | 'access' | null>(null);
  const error = detail.error ?? series.error;
  const values = valueChoices(showback?.showback_values ?? [], detail.data);

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <ShowbackHeader title="Details">
        <TextField
          select
          size="small"
          label="Granularity"
          value={granularity}
          onChange={(event) => setParam(SHOWBACK_PARAMS.granularity, event.target.value)}
          sx={{ minWidth: 140 }}
        >
          {GRANULARITIES.map((g) => (
            <MenuItem key={g} value={g}>
              {GRANULARITY_LABELS[g]}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" sx={{ ml: 'auto', gap: 1, flexWrap: 'wrap' }}>
          <AdminAction reason="Only admins can upload daily units.">
            {(disabled) => (
              <Button variant="outlined" disabled={disabled} onClick={() => setDialog('units')}>
                Upload units
              </Button>
            )}
          </AdminAction>
          <AdminAction reason="Only admins can choose which values members see.">
            {(disabled) => (
              <Button variant="outlined" disabled={disabled} onClick={() => setDialog('access')}>
                Member access
              </Button>
            )}
          </AdminAction>
          {/* A member limited to chosen values gets no rules and no Unallocated (the server answers 403). */}
          {showback?.allowed_all_showback_values === false ? null : (
            <>
              <Button component={RouterLink} to={showbackHrefs.rules(id, range)} variant="outlined">
                Allocation rules
              </Button>
              <Button component={RouterLink} to={showbackHrefs.unallocated(id, range)} variant="outlined">
                Unallocated resources
              </Button>
            </>
          )}
        </Stack>
      </ShowbackHeader>
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : detail.data === undefined || series.data === undefined ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading the showback">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={360} />
        </Stack>
      ) : (
        <DetailBody id={id} range={range} detail={detail.data} series={series.data} />
      )}
      {dialog === 'units' ? (
        <UnitsUploadDialog
          showbackId={id}
          showbackName={showback?.name ?? 'showback'}
          values={values}
          date={dates.start_date}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'access' ? (
        <ValueAccessDialog showbackId={id} values={values} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}

interface DetailBodyProps {
  id: string;
  range: ShowbackRange;
  detail: ShowbackDetail;
  series: Parameters<typeof valueRows>[0];
}

function DetailBody({ id, range, detail, series }: DetailBodyProps) {
  const rows = useMemo(() => valueRows(series, detail), [series, detail]);
  const total = useMemo(() => totalRow(rows, series.periods), [rows, series.periods]);
  const columns = useMemo<ColDef<ValueRow>[]>(() => {
    const moneyColumn = (headerName: string, pick: (row: ValueRow) => number | null) =>
      ({
        headerName,
        valueGetter: ({ data }) => (data ? pick(data) : null),
        valueFormatter: ({ value }) => (value === null || value === undefined ? '-' : money(value as number)),
        filter: 'agNumberColumnFilter',
      }) satisfies ColDef<ValueRow>;
    return [
      {
        field: 'value',
        headerName: 'Value',
        pinned: 'left',
        minWidth: 180,
        cellRenderer: ({ data }: { data?: ValueRow }) => {
          if (!data) return null;
          if (data.value === 'Total') return <strong>Total</strong>;
          const to =
            data.value === UNALLOCATED_VALUE
              ? showbackHrefs.unallocated(id, range)
              : showbackHrefs.valueResources(id, data.value, range);
          return (
            <Link component={RouterLink} to={to}>
              {data.value}
            </Link>
          );
        },
      },
      ...series.periods.map((period) => moneyColumn(period, (row) => row.periods[period] ?? 0)),
      { ...moneyColumn('Total', (row) => row.total), sort: 'desc' as const },
      moneyColumn('Previous period', (row) => row.prev_total),
      moneyColumn('Forecast', (row) => row.forecast),
      ...(rows.some((row) => row.units !== null) ? unitColumns : []),
    ];
  }, [id, range, rows, series.periods]);

  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography>No cost in this range.</Typography>
        <Typography variant="body2" color="text.secondary">
          Choose a longer range, or import billing data for the showback's projects.
        </Typography>
      </Paper>
    );
  }
  return (
    <>
      <Typography aria-label="Showback summary">
        {detail.start_date} – {detail.end_date}: {money(detail.total)} in total
        {detail.unallocated ? `, ${money(detail.unallocated.total)} unallocated` : ''}
        {detail.as_of === null ? ', no usage in the range' : `, data up to ${detail.as_of}`}
      </Typography>
      <Chart
        kind="bar"
        label="Cost by showback value"
        categories={series.periods}
        series={series.series.map((s) => ({ name: s.value, values: s.costs }))}
        formatValue={money}
      />
      <DataGrid
        rows={rows}
        columns={columns}
        label="Cost by value"
        csvFileName={`showback-${detail.name}`}
        getRowId={({ data }) => data.value}
        pinnedBottomRows={[total]}
      />
      {detail.reconciliation ? <Reconciliation detail={detail} /> : null}
    </>
  );
}

/** Spec issue 6 item 2: allocated + shared + unallocated = the scope's total, per month, for the cost type shown. */
function Reconciliation({ detail }: { detail: ShowbackDetail }) {
  const rows = (detail.reconciliation ?? []).filter((row) => row.cost_type === detail.cost_type);
  const balanced = rows.every((row) => row.difference_cents === 0);
  return (
    <Paper variant="outlined" component="section" aria-label="Reconciliation" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Reconciliation
      </Typography>
      <Alert severity={balanced ? 'success' : 'error'} sx={{ mb: 1 }}>
        {balanced
          ? 'Allocated + shared + unallocated equals the total cost to the cent.'
          : 'Allocated + shared + unallocated differs from the total cost.'}
      </Alert>
      <Table size="small" aria-label="Reconciliation by month">
        <TableHead>
          <TableRow>
            <TableCell>Month</TableCell>
            <TableCell align="right">Allocated</TableCell>
            <TableCell align="right">Shared</TableCell>
            <TableCell align="right">Unallocated</TableCell>
            <TableCell align="right">Total cost</TableCell>
            <TableCell align="right">Difference</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.month}>
              <TableCell>{row.month}</TableCell>
              <TableCell align="right">{money(row.allocated)}</TableCell>
              <TableCell align="right">{money(row.shared)}</TableCell>
              <TableCell align="right">{money(row.unallocated)}</TableCell>
              <TableCell align="right">{money(row.total)}</TableCell>
              <TableCell align="right">{money(row.difference_cents / 100)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
