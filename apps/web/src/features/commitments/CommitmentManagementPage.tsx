import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Chart } from '../../components/Chart';
import { SimpleTable } from '../../components/SimpleTable';
import {
  type LookBack,
  useCommitmentDashboard,
  useCommitmentInventory,
  usePurchaseAnalysis,
} from './api/commitments-query';
import { EXPIRY_COLUMNS, TableSection } from './CommitmentInventoryPage';
import { formatHourly, formatMoney, formatShare } from './commitment-format';

const DAY_MS = 86_400_000;
const LOOK_BACKS: LookBack[] = ['7', '30', '60'];
const percent = (value: number) => `${value.toFixed(0)} %`;

/** The last 90 days to today (UTC). */
function lastDays(days: number) {
  const today = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { start_date: iso(today - (days - 1) * DAY_MS), end_date: iso(today) };
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 160 }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6">{value}</Typography>
    </Paper>
  );
}

function PurchaseAnalysisSection() {
  const [lookBack, setLookBack] = useState<LookBack>('30');
  const analysis = usePurchaseAnalysis(lookBack);
  const recommendation = analysis.data?.recommendation ?? null;
  const curve = analysis.data?.hourly_on_demand ?? [];
  const start = analysis.data ? Date.parse(analysis.data.window.start) : 0;
  const categories = useMemo(
    () => curve.map((_, h) => new Date(start + h * 3_600_000).toISOString().slice(0, 13).replace('T', ' ')),
    [curve, start],
  );
  return (
    <Stack spacing={1} component="section" aria-label="Purchase analysis">
      <Typography variant="h6" component="h2">
        Savings plan purchase analysis
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={lookBack}
        onChange={(_, value: LookBack | null) => value && setLookBack(value)}
        aria-label="Look-back"
      >
        {LOOK_BACKS.map((days) => (
          <ToggleButton key={days} value={days}>
            {days} days
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {analysis.isPending ? (
        <Skeleton variant="rounded" height={120} aria-label="Loading the analysis" />
      ) : null}
      {analysis.isError ? <Alert severity="error">{analysis.error.message}</Alert> : null}
      {analysis.isSuccess && recommendation === null ? (
        <Alert severity="info">
          No commitment rate is known: the bill has no savings plan or reservation of this term and payment
          option.
        </Alert>
      ) : null}
      {recommendation !== null ? (
        <>
          <Typography aria-label="Recommendation">
            Commit {formatHourly(recommendation.commitment)} — saves {formatMoney(recommendation.savings)}{' '}
            over the {lookBack} days (break-even utilisation{' '}
            {formatShare(recommendation.break_even_utilisation)}, expected utilisation{' '}
            {formatShare(recommendation.expected_utilisation)}, coverage{' '}
            {formatShare(recommendation.expected_coverage)}; within 5 % of the best from{' '}
            {formatHourly(recommendation.band.low)} to {formatHourly(recommendation.band.high)}).
          </Typography>
          <Chart
            kind="line"
            label="Hourly on-demand spend and the recommended commitment"
            categories={categories}
            series={[
              { name: 'Eligible on-demand spend', values: curve },
              {
                name: 'Commitment (on-demand equivalent)',
                values: curve.map(() => recommendation.covered_on_demand_per_hour),
              },
            ]}
            formatValue={formatHourly}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** Commitment Management (compute-copilot cm/dashboard): utilisation, coverage and ESR, expiries, what to buy. */
export function CommitmentManagementPage() {
  const range = useMemo(() => lastDays(90), []);
  const dashboard = useCommitmentDashboard(range);
  const inventory = useCommitmentInventory();
  const totals = dashboard.data?.totals;
  const periods = dashboard.data?.periods ?? [];
  const pct = (values: (number | null)[]) => values.map((v) => (v === null ? 0 : v * 100));
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Commitment Management
      </Typography>
      {dashboard.isPending ? (
        <Skeleton variant="rounded" height={160} aria-label="Loading the dashboard" />
      ) : null}
      {dashboard.isError ? <Alert severity="error">{dashboard.error.message}</Alert> : null}
      {totals ? (
        <>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Figure label="Utilisation" value={formatShare(totals.utilisation)} />
            <Figure label="Coverage" value={formatShare(totals.coverage)} />
            <Figure label="Effective savings rate" value={formatShare(totals.effective_savings_rate)} />
            <Figure label="Net savings" value={formatMoney(totals.net_savings)} />
            <Figure label="Unused commitment" value={formatMoney(totals.unused_cost)} />
          </Stack>
          <Chart
            kind="line"
            label="Utilisation, coverage and effective savings rate per day"
            categories={periods.map((p) => p.period.slice(0, 10))}
            series={[
              { name: 'Utilisation', values: pct(periods.map((p) => p.utilisation)) },
              { name: 'Coverage', values: pct(periods.map((p) => p.coverage)) },
              { name: 'Effective savings rate', values: pct(periods.map((p) => p.effective_savings_rate)) },
            ]}
            formatValue={percent}
            height={280}
          />
        </>
      ) : null}
      <TableSection title="Expiring within 90 days">
        <SimpleTable
          label="Expiring commitments"
          columns={EXPIRY_COLUMNS}
          rows={inventory.data?.expiries ?? []}
          rowKey={(e) => e.arn}
          pending={inventory.isPending}
        />
      </TableSection>
      <PurchaseAnalysisSection />
    </Stack>
  );
}
