import {
  COMMITMENT_DEFAULT_DAYS,
  COMMITMENT_GRANULARITIES,
  COMMITMENT_GROUPS,
  COMMITMENT_TERMS,
  type CommitmentDashboard,
  LOOK_BACKS,
  lastCommitmentDays,
  PAYMENT_OPTIONS,
  type PurchaseAnalysis,
} from '@finlens/contracts/commitments';
import { RECOMMENDATION_TYPE_INFO } from '@finlens/contracts/recommendations';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { Chart } from '../../components/Chart';
import { DataGrid } from '../../components/DataGrid';
import { Figure } from '../../components/Figure';
import { ProjectPicker } from '../../components/ProjectPicker';
import { Section } from '../../components/Section';
import { SimpleTable } from '../../components/SimpleTable';
import { useProjectsAws } from '../admin/api/projects-aws-query';
import {
  type CommitmentGroup,
  type Granularity,
  type LookBack,
  type PaymentOption,
  type ScheduleWhatIf,
  type Term,
  useCommitmentDashboard,
  useCommitmentInventory,
  usePurchaseAnalysis,
} from './api/commitments-query';
import { CommitmentAlertsSection } from './CommitmentAlertsSection';
import { arnCell } from './CommitmentArn';
import { EXPIRY_COLUMNS } from './CommitmentInventoryPage';
import { hourLabels } from './commitment-charts';
import { formatHourly, formatMoney, formatRate, formatShare } from './commitment-format';
import { RateTableDialog } from './RateTableDialog';
import { ReservationAnalysisSection } from './ReservationAnalysisSection';

const RANGES = [30, 90, 180] as const;
const GRAIN_LABELS: Record<Granularity, string> = { hour: 'By hour', day: 'By day', month: 'By month' };
const GROUP_LABELS: Record<CommitmentGroup, string> = {
  commitment: 'Commitment',
  account: 'Account',
  service: 'Service',
  family: 'Family',
  region: 'Region',
};
type Group = CommitmentDashboard['groups'][number];
const share = (v: number | null) => (v === null ? null : v * 100);
/** The breakdown's columns: sortable and filterable (spec §3 grid defaults); the CSV holds the same figures. */
const groupColumns = (group: CommitmentGroup): ColDef<Group>[] => [
  {
    field: 'key',
    headerName: GROUP_LABELS[group],
    flex: 2,
    // A commitment's ARN: its short id on one line, the whole ARN on hover and copy; the CSV keeps the ARN.
    ...(group === 'commitment' ? arnCell((g: Group) => g.key) : {}),
  },
  {
    colId: 'utilisation',
    headerName: 'Utilisation %',
    valueGetter: ({ data }) => share(data?.utilisation ?? null),
    valueFormatter: ({ value }) => (value === null ? '—' : `${Number(value).toFixed(1)} %`),
    filter: 'agNumberColumnFilter',
  },
  {
    colId: 'coverage',
    headerName: 'Coverage %',
    valueGetter: ({ data }) => share(data?.coverage ?? null),
    valueFormatter: ({ value }) => (value === null ? '—' : `${Number(value).toFixed(1)} %`),
    filter: 'agNumberColumnFilter',
  },
  ...(['on_demand_equivalent', 'net_savings', 'unused_cost'] as const).map(
    (field): ColDef<Group> => ({
      field,
      headerName: {
        on_demand_equivalent: 'On-demand equivalent',
        net_savings: 'Net savings',
        unused_cost: 'Unused',
      }[field],
      valueFormatter: ({ value }) => formatMoney(Number(value)),
      filter: 'agNumberColumnFilter',
      type: 'rightAligned',
    }),
  ),
];
const percent = (value: number) => `${value.toFixed(0)} %`;

/** A small select of fixed options. */
function Choice<T extends string>({
  label,
  value,
  options,
  optionLabel = (option) => option,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  optionLabel?: (option: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      sx={{ minWidth: 170, alignSelf: 'flex-start' }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** One what-if of the purchase analysis: its switch and the sentence saying what it takes out of the look-back. */
function WhatIfSwitch({
  label,
  textLabel,
  text,
  value,
  onChange,
}: {
  label: string;
  textLabel: string;
  text: string;
  value: ScheduleWhatIf;
  onChange: (value: ScheduleWhatIf) => void;
}) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <FormControlLabel
        control={
          <Switch
            checked={value === 'apply'}
            onChange={(e) => onChange(e.target.checked ? 'apply' : 'ignore')}
          />
        }
        label={label}
      />
      <Typography variant="body2" color="text.secondary" aria-label={textLabel}>
        {text}
      </Typography>
    </Stack>
  );
}

/**
 * The schedule-aware what-if: the enabled schedules the analyses take out of the look-back, with a switch to
 * see the bill as it is. Nothing shows while no schedule stops a resource that ran on demand.
 */
function ScheduleWhatIfSwitch({
  summary,
  value,
  onChange,
}: {
  summary: PurchaseAnalysis['schedules'] | undefined;
  value: ScheduleWhatIf;
  onChange: (value: ScheduleWhatIf) => void;
}) {
  if (summary === undefined || summary.schedules.length === 0) return null;
  const count = summary.schedules.length;
  const hours = summary.stopped_resource_hours_per_week.toLocaleString('en-US', { maximumFractionDigits: 1 });
  const schedules = `${count} schedule${count === 1 ? '' : 's'} (${summary.schedules.map((s) => s.name).join(', ')})`;
  return (
    <WhatIfSwitch
      label="Account for resource schedules"
      textLabel="Schedules accounted for"
      text={
        summary.applied
          ? `Accounting for ${schedules}: ${hours} hours a week stopped (${formatMoney(summary.removed_on_demand)} of on-demand spend taken out of the look-back).`
          : `${schedules} would stop ${hours} hours a week; the analysis reads the bill as it is.`
      }
      value={value}
      onChange={onChange}
    />
  );
}

const typeName = (type: string) =>
  (RECOMMENDATION_TYPE_INFO as Record<string, { name: string } | undefined>)[type]?.name ?? type;

/**
 * The second what-if: recommendations not yet applied (idle, rightsizing …) whose saving is usage a commitment
 * would cover, with a switch to leave them in. Nothing shows while there are none.
 */
function RecommendationWhatIfSwitch({
  summary,
  value,
  onChange,
}: {
  summary: PurchaseAnalysis['recommendations'] | undefined;
  value: ScheduleWhatIf;
  onChange: (value: ScheduleWhatIf) => void;
}) {
  if (summary === undefined || summary.count === 0) return null;
  const kinds = summary.by_type.map((t) => `${typeName(t.type)} × ${t.count}`).join(', ');
  const monthly = summary.by_type.reduce((total, t) => total + t.on_demand_monthly_saving, 0);
  const recommendations = `${summary.count} recommendation${summary.count === 1 ? '' : 's'} not yet applied (${kinds})`;
  return (
    <WhatIfSwitch
      label="Account for recommendations not yet applied"
      textLabel="Recommendations accounted for"
      text={
        summary.applied
          ? `Accounting for ${recommendations}: ${formatMoney(monthly)} a month at on-demand prices (${formatMoney(summary.removed_on_demand)} of on-demand spend taken out of the look-back).`
          : `${recommendations} would save ${formatMoney(monthly)} a month at on-demand prices; the analysis leaves that usage in.`
      }
      value={value}
      onChange={onChange}
    />
  );
}

function PurchaseAnalysisSection({ projectIds }: { projectIds?: string }) {
  const [lookBack, setLookBack] = useState<LookBack>('30');
  const [term, setTerm] = useState<Term>('1yr');
  const [payment, setPayment] = useState<PaymentOption>('No Upfront');
  const [schedules, setSchedules] = useState<ScheduleWhatIf>('apply');
  const [recommendations, setRecommendations] = useState<ScheduleWhatIf>('apply');
  const [showRates, setShowRates] = useState(false);
  const analysis = usePurchaseAnalysis({
    look_back: lookBack,
    term,
    payment_option: payment,
    schedules,
    recommendations,
    project_ids: projectIds,
  });
  const recommendation = analysis.data?.recommendation ?? null;
  const curve = analysis.data?.hourly_on_demand ?? [];
  const start = analysis.data?.window.start ?? '';
  const categories = useMemo(() => hourLabels(start, curve.length), [curve.length, start]);
  return (
    <Stack spacing={1} component="section" aria-label="Purchase analysis">
      <Typography variant="h6" component="h2">
        Savings plan purchase analysis
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
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
        <Choice
          label="Term"
          value={term}
          options={COMMITMENT_TERMS}
          optionLabel={(t) => (t === '1yr' ? '1 year' : '3 years')}
          onChange={setTerm}
        />
        <Choice label="Payment option" value={payment} options={PAYMENT_OPTIONS} onChange={setPayment} />
        <Button size="small" onClick={() => setShowRates(true)}>
          Rate table
        </Button>
      </Stack>
      <ScheduleWhatIfSwitch summary={analysis.data?.schedules} value={schedules} onChange={setSchedules} />
      <RecommendationWhatIfSwitch
        summary={analysis.data?.recommendations}
        value={recommendations}
        onChange={setRecommendations}
      />
      {showRates ? <RateTableDialog onClose={() => setShowRates(false)} /> : null}
      {analysis.isPending ? (
        <Skeleton variant="rounded" height={120} aria-label="Loading the analysis" />
      ) : null}
      {analysis.isError ? <Alert severity="error">{analysis.error.message}</Alert> : null}
      {analysis.isSuccess && recommendation === null ? (
        <Alert severity="info">
          No commitment rate is known: the bill has no savings plan or reservation of this term and payment
          option, and neither your organisation nor the rate table has a figure for it.
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
            {formatHourly(recommendation.band.low)} to {formatHourly(recommendation.band.high)}). Rate:{' '}
            {analysis.data ? formatRate(analysis.data) : null}.
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
                reference: true,
              },
            ]}
            formatValue={formatHourly}
          />
        </>
      ) : null}
      <ReservationAnalysisSection
        query={{
          look_back: lookBack,
          term,
          payment_option: payment,
          schedules,
          recommendations,
          project_ids: projectIds,
        }}
      />
    </Stack>
  );
}

/** Commitment Management (compute-copilot cm/dashboard): utilisation, coverage and ESR, expiries, what to buy. */
export function CommitmentManagementPage() {
  const [days, setDays] = useState<(typeof RANGES)[number]>(COMMITMENT_DEFAULT_DAYS);
  const [group, setGroup] = useState<CommitmentGroup>('commitment');
  const [chosenGrain, setGrain] = useState<Granularity>('day');
  // Hours only for ranges up to 31 days (the API's limit): a longer range falls back to days.
  const grain = chosenGrain === 'hour' && days > 30 ? 'day' : chosenGrain;
  const range = useMemo(() => lastCommitmentDays(days, new Date()), [days]);
  // The projects read; every project of the client when none is chosen.
  const [projects, setProjects] = useState<string[] | undefined>(undefined);
  const projectList = useProjectsAws();
  const projectIds = projects?.join(',');
  const dashboard = useCommitmentDashboard({
    ...range,
    group_by: group,
    granularity: grain,
    project_ids: projectIds,
  });
  const inventory = useCommitmentInventory(projectIds);
  const totals = dashboard.data?.totals;
  const periods = dashboard.data?.periods ?? [];
  const pct = (values: (number | null)[]) => values.map((v) => (v === null ? 0 : v * 100));
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Commitment Management
      </Typography>
      <Box sx={{ maxWidth: 480 }}>
        <ProjectPicker
          projects={projectList.data ?? []}
          loading={projectList.isPending}
          value={projects}
          onChange={setProjects}
        />
      </Box>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={days}
        onChange={(_, value: (typeof RANGES)[number] | null) => value && setDays(value)}
        aria-label="Range"
      >
        {RANGES.map((d) => (
          <ToggleButton key={d} value={d}>
            Last {d} days
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={grain}
        onChange={(_, value: Granularity | null) => value && setGrain(value)}
        aria-label="Granularity"
      >
        {COMMITMENT_GRANULARITIES.map((g) => (
          <ToggleButton key={g} value={g} disabled={g === 'hour' && days > 30}>
            {GRAIN_LABELS[g]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
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
            label={`Utilisation, coverage and effective savings rate per ${grain}`}
            categories={periods.map((p) =>
              grain === 'hour'
                ? p.period.slice(0, 13).replace('T', ' ')
                : p.period.slice(0, grain === 'month' ? 7 : 10),
            )}
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
      <CommitmentAlertsSection projectIds={projectIds} />
      <Section title="Breakdown">
        <Choice
          label="Breakdown by"
          value={group}
          options={COMMITMENT_GROUPS}
          optionLabel={(g) => GROUP_LABELS[g]}
          onChange={setGroup}
        />
        <DataGrid<Group>
          label="Commitment breakdown"
          rows={dashboard.data?.groups ?? []}
          columns={groupColumns(group)}
          loading={dashboard.isPending}
          csvFileName={`commitments-by-${group}`}
          getRowId={({ data }) => data.key}
        />
      </Section>
      <Section title="Expiring within 90 days">
        <SimpleTable
          label="Expiring commitments"
          columns={EXPIRY_COLUMNS}
          rows={inventory.data?.expiries ?? []}
          rowKey={(e) => e.arn}
          pending={inventory.isPending}
        />
      </Section>
      <PurchaseAnalysisSection projectIds={projectIds} />
    </Stack>
  );
}
