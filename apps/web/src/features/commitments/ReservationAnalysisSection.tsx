import type { ReservationAnalysis } from '@finlens/contracts/commitments';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
const round2 = (value: number) => Number(value.toFixed(2));
const formatUnits = (value: number) => `${round2(value)} units`;
/** Figures stay on one line; the table scrolls sideways on a narrow screen. */
const figure = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;
/** A rate is known and the optimum is no reservation (under break-even): listed only on request. */
const buysNothing = (r: FamilyAnalysis) => r.recommendation?.instances === 0;
/** Most savings first; the rows with nothing to buy after them. */
const bySavings = (a: FamilyAnalysis, b: FamilyAnalysis) =>
  (b.recommendation?.savings ?? -1) - (a.recommendation?.savings ?? -1);

const RESERVATION_COLUMNS: SimpleColumn<FamilyAnalysis>[] = [
  { label: 'Service', render: (r) => r.service },
  { label: 'Region', render: (r) => r.region ?? '—', sx: { whiteSpace: 'nowrap' } },
  { label: 'Family', render: (r) => r.family },
  { label: 'Platform', render: platformOf },
  {
    label: 'On demand',
    render: (r) =>
      r.on_demand_rate_per_unit === null ? '—' : `${formatHourly(r.on_demand_rate_per_unit)} per unit`,
    ...figure,
  },
  {
    label: 'Buy',
    render: (r) => (r.recommendation === null ? '—' : `${r.recommendation.instances} × ${r.instance_type}`),
    sx: { whiteSpace: 'nowrap' },
  },
  {
    label: 'Units/h',
    render: (r) => (r.recommendation === null ? '—' : round2(r.recommendation.normalised_units)),
    ...figure,
  },
  {
    label: 'Cost',
    render: (r) => (r.recommendation === null ? '—' : formatHourly(r.recommendation.commitment)),
    ...figure,
  },
  {
    label: 'Savings',
    render: (r) => (r.recommendation === null ? '—' : formatMoney(r.recommendation.savings)),
    ...figure,
  },
  {
    label: 'Break-even',
    render: (r) => formatShare(r.recommendation?.break_even_utilisation ?? null),
    ...figure,
  },
  {
    label: 'Utilisation',
    render: (r) => formatShare(r.recommendation?.expected_utilisation ?? null),
    ...figure,
  },
  {
    label: 'Coverage',
    render: (r) => formatShare(r.recommendation?.expected_coverage ?? null),
    ...figure,
  },
  {
    label: 'Rate',
    render: formatRate,
    sx: { minWidth: 220 },
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
  const [showAll, setShowAll] = useState(false);
  const sorted = useMemo(() => [...(analysis.data?.results ?? [])].sort(bySavings), [analysis.data]);
  const nothingToBuy = sorted.filter(buysNothing).length;
  const results = showAll ? sorted : sorted.filter((r) => !buysNothing(r));
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
        <Box sx={{ overflowX: 'auto' }}>
          <SimpleTable
            label="Reserved instances to buy"
            columns={columns}
            rows={results}
            rowKey={keyOf}
            selectedKey={shownKey}
          />
        </Box>
      ) : null}
      {nothingToBuy > 0 ? (
        <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setShowAll(!showAll)}>
          {showAll ? 'Hide' : 'Show'} the {nothingToBuy} with nothing to buy (under break-even)
        </Button>
      ) : null}
      {shown && chart ? (
        <Chart
          kind="line"
          label={`Hourly on-demand normalised units of ${curveName(shown)}${
            shown.recommendation === null
              ? ': no reservation recommended (no rate known)'
              : ` and the ${round2(shown.recommendation.normalised_units)} units/h recommended`
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
