import type { ReservationAnalysis } from '@finlens/contracts/commitments';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Chart } from '../../components/Chart';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { reservationAnalysisCsvHref, useReservationAnalysis } from './api/commitments-query';
import { curveName, platformOf, reservationCurveChart } from './commitment-charts';
import { formatHourly, formatMoney, formatRate, formatShare } from './commitment-format';

type FamilyAnalysis = ReservationAnalysis['results'][number];
const keyOf = (r: FamilyAnalysis) =>
  [r.service, r.region, r.operating_system, r.tenancy, r.licence_model, r.family].join('|');
const formatUnits = (value: number) => `${Number(value.toFixed(2))} units`;

const RESERVATION_COLUMNS: SimpleColumn<FamilyAnalysis>[] = [
  { label: 'Service', render: (r) => r.service },
  { label: 'Region', render: (r) => r.region ?? '—' },
  { label: 'Family', render: (r) => r.family },
  { label: 'Platform', render: platformOf },
  {
    label: 'On demand',
    render: (r) =>
      r.on_demand_rate_per_unit === null ? '—' : `${formatHourly(r.on_demand_rate_per_unit)} per unit`,
    align: 'right',
  },
  {
    label: 'Buy',
    render: (r) => (r.recommendation === null ? '—' : `${r.recommendation.instances} × ${r.instance_type}`),
  },
  {
    label: 'Units/h',
    render: (r) => (r.recommendation === null ? '—' : r.recommendation.normalised_units),
    align: 'right',
  },
  {
    label: 'Cost',
    render: (r) => (r.recommendation === null ? '—' : formatHourly(r.recommendation.commitment)),
    align: 'right',
  },
  {
    label: 'Savings',
    render: (r) => (r.recommendation === null ? '—' : formatMoney(r.recommendation.savings)),
    align: 'right',
  },
  {
    label: 'Break-even',
    render: (r) => formatShare(r.recommendation?.break_even_utilisation ?? null),
    align: 'right',
  },
  {
    label: 'Utilisation',
    render: (r) => formatShare(r.recommendation?.expected_utilisation ?? null),
    align: 'right',
  },
  {
    label: 'Coverage',
    render: (r) => formatShare(r.recommendation?.expected_coverage ?? null),
    align: 'right',
  },
  {
    label: 'Rate',
    render: formatRate,
  },
];

/**
 * Reserved instances to buy per service, region, platform (operating system, tenancy, licence) and family, by
 * normalised units, for the same look-back; the chosen row's hourly units with the recommended reservation drawn
 * on them, and the CSV of every row.
 */
export function ReservationAnalysisSection({
  query,
}: {
  query: Parameters<typeof useReservationAnalysis>[0];
}) {
  const analysis = useReservationAnalysis(query);
  const [chosen, choose] = useState<string | null>(null);
  const results = analysis.data?.results ?? [];
  // The chosen curve while the answer still has it, else the first.
  const shown = results.find((r) => keyOf(r) === chosen) ?? results[0];
  const shownKey = shown === undefined ? null : keyOf(shown);
  const columns = useMemo(
    (): SimpleColumn<FamilyAnalysis>[] => [
      ...RESERVATION_COLUMNS,
      {
        label: 'Curve',
        render: (r) => (
          <Button
            size="small"
            aria-pressed={keyOf(r) === shownKey}
            aria-label={`Draw the hourly units of ${curveName(r)}`}
            onClick={() => choose(keyOf(r))}
          >
            {keyOf(r) === shownKey ? 'Drawn' : 'Draw'}
          </Button>
        ),
      },
    ],
    [shownKey],
  );
  const chart = useMemo(
    () => (analysis.data && shown ? reservationCurveChart(analysis.data.window, shown) : null),
    [analysis.data, shown],
  );
  return (
    <Stack spacing={1} component="section" aria-label="Reserved instance purchase analysis">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3">
          Reserved instances by normalised units
        </Typography>
        <Button
          variant="outlined"
          size="small"
          href={reservationAnalysisCsvHref(query)}
          download="reserved-instances-to-buy.csv"
        >
          Export CSV
        </Button>
      </Stack>
      {analysis.isPending ? (
        <Skeleton variant="rounded" height={80} aria-label="Loading the reservation analysis" />
      ) : null}
      {analysis.isError ? <Alert severity="error">{analysis.error.message}</Alert> : null}
      {analysis.isSuccess ? (
        <SimpleTable
          label="Reserved instances to buy"
          columns={columns}
          rows={results}
          rowKey={keyOf}
          selectedKey={shownKey}
        />
      ) : null}
      {shown && chart ? (
        <Chart
          kind="line"
          label={`Hourly on-demand normalised units of ${curveName(shown)}${
            shown.recommendation === null
              ? ': no reservation recommended (no rate known)'
              : ` and the ${shown.recommendation.normalised_units} units/h recommended`
          }`}
          categories={chart.categories}
          series={chart.series}
          formatValue={formatUnits}
          height={280}
        />
      ) : null}
    </Stack>
  );
}
