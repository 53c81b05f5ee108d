import type { ConvertibleAnalysis } from '@finlens/contracts/commitments';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { DataGrid } from '../../components/DataGrid';
import { useConvertibleAnalysis } from './api/commitments-query';
import { arnCell, shortId } from './CommitmentArn';
import { formatMoney, formatShare } from './commitment-format';

type Result = ConvertibleAnalysis['results'][number];
const beforeAfter = (before: number | null | undefined, after: number | null | undefined) =>
  `${formatShare(before ?? null)} → ${formatShare(after ?? null)}`;

/**
 * The exchange's columns come first after the reservation and all fit a laptop screen beside the menu (1440 px):
 * each at least as wide as its longest word and figure, the utilisation with the exchange's after it.
 */
const COLUMNS: ColDef<Result>[] = [
  {
    colId: 'reservation',
    headerName: 'Reservation',
    valueGetter: ({ data }) => shortId(data?.arn ?? ''),
    ...arnCell((r: Result) => r.arn),
    flex: 1,
    minWidth: 130,
  },
  {
    colId: 'reserved',
    headerName: 'Reserved',
    valueGetter: ({ data }) => (data ? `${data.count} × ${data.instance_type ?? '—'}` : ''),
    flex: 1,
    minWidth: 130,
  },
  { field: 'region', headerName: 'Region', flex: 1, minWidth: 95 },
  {
    colId: 'exchange',
    headerName: 'Exchange for',
    valueGetter: ({ data }) =>
      data?.exchange ? `${data.exchange.instances} × ${data.exchange.target_instance_type}` : '—',
    flex: 1,
    minWidth: 130,
  },
  {
    colId: 'utilisation_change',
    headerName: 'Utilisation before → after',
    valueGetter: ({ data }) =>
      beforeAfter(data?.exchange?.utilisation_before ?? data?.utilisation, data?.exchange?.utilisation_after),
    flex: 1,
    minWidth: 155,
  },
  {
    colId: 'coverage_change',
    headerName: 'Coverage before → after',
    valueGetter: ({ data }) => beforeAfter(data?.exchange?.coverage_before, data?.exchange?.coverage_after),
    flex: 1,
    minWidth: 155,
  },
  {
    colId: 'true_up',
    headerName: 'True-up',
    valueGetter: ({ data }) => data?.exchange?.true_up ?? null,
    valueFormatter: ({ value }) => (value === null ? '—' : formatMoney(Number(value))),
    type: 'rightAligned',
    flex: 1,
    minWidth: 100,
  },
  {
    field: 'remaining_value',
    headerName: 'Remaining value',
    valueFormatter: ({ value }) => formatMoney(Number(value)),
    type: 'rightAligned',
    flex: 1,
    minWidth: 125,
  },
  {
    colId: 'ends',
    headerName: 'Ends',
    valueGetter: ({ data }) => data?.end?.slice(0, 10) ?? '—',
    flex: 1,
    minWidth: 105,
  },
];

/**
 * Convertible RI (/v3/convertible-ri/) and Convertible RI Analysis (/v3/cri-analysis/): convertible reservations
 * used under 80 %, their remaining value, and the exchange that would cover current use under the value rule.
 */
export function ConvertibleRiPage({ title }: { title: string }) {
  const analysis = useConvertibleAnalysis();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">
        Convertible reservations used less than 80 % of their hours. An exchange must be worth at least what
        is left of the reservation (its remaining value); a larger one is paid for upfront (the true-up). The
        exchange is valued at the reservation's own price per normalised unit-hour.
      </Typography>
      {analysis.isError ? <Alert severity="error">{analysis.error.message}</Alert> : null}
      <DataGrid<Result>
        label="Convertible reservations"
        rows={analysis.data?.results ?? []}
        columns={COLUMNS}
        loading={analysis.isPending}
        csvFileName="convertible-reservations"
        getRowId={({ data }) => data.arn}
      />
    </Stack>
  );
}
