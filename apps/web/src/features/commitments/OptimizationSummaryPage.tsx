import type { EssentialsGroup } from '@finlens/contracts/recommendations';
import type { Schedule } from '@finlens/contracts/scheduler';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { Chart } from '../../components/Chart';
import { Figure } from '../../components/Figure';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { useEssentialsSummary } from '../recommendations/api/essentials-query';
import { useLedgerTotals } from '../savings-ledger/api/ledger-totals-query';
import { useSchedules } from '../scheduler/api/schedules-query';
import { useCommitmentDashboard } from './api/commitments-query';
import { formatMoney, formatShare } from './commitment-format';
import { PartnerShareSaveSection, ShareSaveSection } from './ShareSaveSection';

const DAY_MS = 86_400_000;
const GROUP_LABELS: Record<EssentialsGroup, string> = {
  rightsizing: 'Rightsizing',
  'idle-resources': 'Idle resources',
  storage: 'Storage',
};
const GROUP_LINKS: Record<EssentialsGroup, string> = {
  rightsizing: '/v3/essentials/rightsizing/',
  'idle-resources': '/v3/essentials/idle-resources/',
  storage: '/v3/essentials/storage/',
};

interface Lever {
  lever: string;
  kind: string;
  saving: number | null;
  link: string;
}
const COLUMNS: SimpleColumn<Lever>[] = [
  {
    label: 'Lever',
    render: (row) => (
      <Link component={RouterLink} to={row.link}>
        {row.lever}
      </Link>
    ),
  },
  { label: 'Figure', render: (row) => row.kind },
  {
    label: 'Saving (30 days)',
    align: 'right',
    render: (row) => (row.saving === null ? '—' : formatMoney(row.saving)),
  },
];

/** The last 30 days to today (UTC), the window of the commitments' figures. */
function last30() {
  const today = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { start_date: iso(today - 29 * DAY_MS), end_date: iso(today), group_by: 'commitment' as const };
}

/**
 * The scheduling lever: the resource scheduler's own estimate of each enabled schedule (its last 30 billed days'
 * cost of the hours it stops, a month's worth), summed; null while no enabled schedule has one.
 */
function schedulingLever(schedules: readonly Schedule[] | undefined): Lever {
  const enabled = (schedules ?? []).filter((s) => s.enabled);
  const estimates = enabled.flatMap((s) =>
    s.estimated_monthly_saving === null ? [] : [s.estimated_monthly_saving],
  );
  return {
    lever: 'Scheduling',
    kind:
      enabled.length === 0
        ? 'No enabled schedule'
        : `${enabled.length} enabled schedule${enabled.length === 1 ? '' : 's'} (estimate)`,
    saving: estimates.length === 0 ? null : estimates.reduce((a, b) => a + b, 0),
    link: '/v3/essentials/scheduler/',
  };
}

/**
 * Compute Copilot Optimization Summary (spec §3 COMPUTE_COPILOT_SHARESAVE): the effective savings rate as the
 * headline, what commitments and spot saved over the last 30 days (the bill's figures, as Commitment Management),
 * and what rightsizing, idle resources and storage would save a month (open recommendations) beside what the
 * savings ledger has realised; where the client may see it, the ShareSave savings-share report.
 */
export function OptimizationSummaryPage() {
  const range = useMemo(last30, []);
  const dashboard = useCommitmentDashboard(range);
  const essentials = useEssentialsSummary();
  const ledger = useLedgerTotals('month');
  const schedules = useSchedules();
  const totals = dashboard.data?.totals;
  const levers: Lever[] = [
    ...(totals
      ? [
          {
            lever: 'Commitments',
            kind: 'Net savings against on-demand (bill)',
            saving: totals.net_savings,
            link: '/v3/compute-copilot/cm/dashboard/',
          },
          {
            lever: 'Spot',
            kind: 'Savings against on-demand (bill)',
            saving: totals.spot_savings,
            link: '/v3/compute-copilot/cm/dashboard/',
          },
        ]
      : []),
    ...(essentials.data?.groups ?? []).map((g) => ({
      lever: GROUP_LABELS[g.group],
      kind: `${g.count} open recommendation${g.count === 1 ? '' : 's'} (estimate)`,
      saving: g.estimated_monthly_saving,
      link: GROUP_LINKS[g.group],
    })),
    schedulingLever(schedules.data?.results),
  ];
  const charted = levers.filter((l): l is Lever & { saving: number } => l.saving !== null);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Optimization Summary
      </Typography>
      {dashboard.isPending ? (
        <Skeleton variant="rounded" height={90} aria-label="Loading the summary" />
      ) : null}
      {dashboard.isError ? <Alert severity="error">{dashboard.error.message}</Alert> : null}
      {totals ? (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label="Effective savings rate" value={formatShare(totals.effective_savings_rate)} />
          <Figure label="Savings from commitments" value={formatMoney(totals.net_savings)} />
          <Figure label="Unused commitment" value={formatMoney(totals.unused_cost)} />
          <Figure label="Spot savings" value={formatMoney(totals.spot_savings)} />
          <Figure
            label="Realised by recommendations"
            value={ledger.data ? formatMoney(ledger.data.realised_monthly_saving) : '—'}
          />
        </Stack>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        Commitments and spot: the last 30 days of the bill. Rightsizing, idle resources and storage: the
        monthly saving of the open recommendations; scheduling: the scheduler's estimate for its enabled
        schedules; realised: what the savings ledger verified on the bill.
      </Typography>
      {charted.length > 0 ? (
        <Chart
          kind="bar"
          label="Savings by lever"
          categories={charted.map((l) => l.lever)}
          series={[{ name: 'Saving', values: charted.map((l) => l.saving) }]}
          formatValue={formatMoney}
          height={260}
        />
      ) : null}
      <SimpleTable
        label="Savings by lever"
        columns={COLUMNS}
        rows={levers}
        rowKey={(l) => l.lever}
        pending={dashboard.isPending || essentials.isPending || schedules.isPending}
      />
      <ShareSaveSection />
      <PartnerShareSaveSection />
    </Stack>
  );
}
