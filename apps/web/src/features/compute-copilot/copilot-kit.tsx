import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ColDef, GetRowIdFunc } from 'ag-grid-community';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataGrid } from '../../components/DataGrid';
import { Section } from '../../components/Section';
import type { CopilotRange } from './api/keys';

/** Compute Copilot's pages share these: the range in the URL, headline figures, states and links. */
export const COPILOT = '/v3/compute-copilot';
const RANGES = ['30', '90', '180'] as const;

/**
 * `?days=` in the URL (30, 90 or 180; 30 by default), asked as the last that many billed days: the server ends the
 * window at the newest billed day, so a bill a few days behind still gives whole days (a range ending today would
 * read fewer days, and the same instances would cost less until the bill caught up).
 */
export function useCopilotRange(): { range: CopilotRange; days: string; setDays: (days: string) => void } {
  const [params, setParams] = useSearchParams();
  const asked = params.get('days') ?? '30';
  const days = (RANGES as readonly string[]).includes(asked) ? asked : '30';
  const range = useMemo(() => ({ days: Number(days) }), [days]);
  const setDays = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('days', value);
        return next;
      },
      { replace: false },
    );
  return { range, days, setDays };
}

function RangeToggle({ days, onChange }: { days: string; onChange: (days: string) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={days}
      onChange={(_, value: string | null) => value && onChange(value)}
      aria-label="Range"
    >
      {RANGES.map((d) => (
        <ToggleButton key={d} value={d}>
          Last {d} days
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

export function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 170 }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6">{value}</Typography>
      {hint ? (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      ) : null}
    </Paper>
  );
}

export function Figures({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {children}
    </Stack>
  );
}

/** The page's title (its route's), the thing it shows, range and the states of its one query. */
export function CopilotPage(props: {
  title: string;
  /** A details page's subject (a group, a breakdown, a resource), a heading under the route's title. */
  name?: string;
  subtitle?: string;
  days: string;
  onDays: (days: string) => void;
  /** The answer's window: the last billed days, and the newest billed day. */
  answered?: { start_date: string | null; end_date: string | null } | undefined;
  pending: boolean;
  error: Error | null;
  children: ReactNode;
}) {
  const from = props.answered?.start_date ?? null;
  const billedTo = props.answered?.end_date ?? null;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {props.title}
      </Typography>
      {props.name ? (
        <Typography variant="h6" component="h2">
          {props.name}
        </Typography>
      ) : null}
      {props.subtitle ? <Typography color="text.secondary">{props.subtitle}</Typography> : null}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <RangeToggle days={props.days} onChange={props.onDays} />
        {from !== null && billedTo !== null ? (
          <Typography variant="body2" color="text.secondary" aria-label="Billed through">
            {from} to {billedTo}: the bill runs to {billedTo}, later days are not billed yet.
          </Typography>
        ) : null}
      </Stack>
      {props.pending ? <Skeleton variant="rounded" height={160} aria-label="Loading" /> : null}
      {props.error ? <Alert severity="error">{props.error.message}</Alert> : null}
      {props.pending || props.error ? null : props.children}
    </Stack>
  );
}

export { Section };

export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to}>
      {children}
    </Link>
  );
}

/**
 * What a page waits for while running instances have no CPU figures yet (a group's or cluster's CPU, and what
 * is judged from it, come when the metrics collection has read them all).
 */
export function AwaitingCpu(props: { awaited: number; instances: number; needs: string }) {
  if (props.awaited === 0) return null;
  return (
    <Alert severity="info" aria-label="Awaiting CPU figures">
      CPU figures arrive after the inventory's metrics collection: {props.awaited} of {props.instances}{' '}
      instances have none yet. {props.needs} (this page looks again every 15 seconds). A collection that
      cannot read CloudWatch says so under Settings → Cloud Accounts.
    </Alert>
  );
}

export const ASG_NEEDS_CPU =
  'Rightsizing and scheduled-scaling advice need them and appear when every running instance of a group has its CPU';

export const money = (value: number, currency = 'USD') => formatMoney(value, currency);
/** 62.5 %, or a dash without a figure. */
export const share = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)} %`;
export const detailsPath = (type: string, id: string, days: string) =>
  `${COPILOT}/${type}/details/${encodeURIComponent(id)}/?days=${days}`;

/**
 * A figure on one line: never wrapped mid-value (the grid's defaults wrap text and grow the row to fit it), so its
 * cells need no height measured; the row's name sets its height.
 */
export const ONE_LINE = { wrapText: false, autoHeight: false } as const;

/** A money column: sortable, number-filterable, right-aligned, on one line; the CSV keeps the number. */
export function amountColumn<Row>(
  headerName: string,
  get: (row: Row) => number,
  currency: string,
  extra: ColDef<Row> = {},
): ColDef<Row> {
  return {
    colId: headerName,
    headerName,
    valueGetter: ({ data }) => (data ? get(data) : 0),
    valueFormatter: ({ value }) => money(Number(value), currency),
    filter: 'agNumberColumnFilter',
    type: 'rightAligned',
    ...ONE_LINE,
    ...extra,
  };
}

/** A titled section holding one grid with its CSV export. */
export function GridSection<Row>(props: {
  title: string;
  label: string;
  rows: Row[];
  columns: ColDef<Row>[];
  csv: string;
  rowId: (row: Row) => string;
}) {
  const getRowId: GetRowIdFunc<Row> = ({ data }) => props.rowId(data);
  return (
    <Section title={props.title}>
      <DataGrid<Row>
        label={props.label}
        rows={props.rows}
        columns={props.columns}
        csvFileName={props.csv}
        getRowId={getRowId}
      />
    </Section>
  );
}
