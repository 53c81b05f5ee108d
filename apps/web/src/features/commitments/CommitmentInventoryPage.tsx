import type { CommitmentInventory } from '@finlens/contracts/commitments';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Section } from '../../components/Section';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { useCommitmentInventory } from './api/commitments-query';
import { CommitmentArn } from './CommitmentArn';
import { formatHourly, formatMoney, formatShare } from './commitment-format';

type Reservation = CommitmentInventory['reservations'][number];
type SavingsPlan = CommitmentInventory['savings_plans'][number];
type Expiry = CommitmentInventory['expiries'][number];
type CommitmentDiscount = CommitmentInventory['commitment_discounts'][number];

const day = (iso: string | null) => (iso === null ? '—' : iso.slice(0, 10));

/** A value the owner account described, marked as such; the bill's own otherwise. */
const fromAccount = (value: string | null | undefined, bill: string) =>
  value === null || value === undefined ? bill : `${value} (account)`;

/** Regional or the zone of a zonal EC2 reservation; RDS: Multi-AZ or single-AZ; the bill's zone otherwise. */
function scopeOf(r: Reservation): string {
  const described = r.from_account;
  if (described?.scope === 'Availability Zone') return `Zone ${described.availability_zone ?? ''}`.trim();
  if (described?.scope === 'Region') return 'Region';
  if (described?.multi_az !== null && described?.multi_az !== undefined)
    return described.multi_az ? 'Region, Multi-AZ' : 'Region, single-AZ';
  return r.availability_zone === null ? '—' : `Zone ${r.availability_zone}`;
}

const RESERVATION_COLUMNS: SimpleColumn<Reservation>[] = [
  { label: 'Reservation', render: (r) => <CommitmentArn arn={r.arn} /> },
  { label: 'State', render: (r) => r.from_account?.state ?? '—' },
  { label: 'Service', render: (r) => r.service ?? '—' },
  { label: 'Instance type', render: (r) => r.instance_type ?? '—' },
  { label: 'Platform / engine', render: (r) => fromAccount(r.from_account?.platform, r.platform ?? '—') },
  { label: 'Region', render: (r) => r.region ?? '—' },
  { label: 'Scope', render: scopeOf },
  { label: 'Count', render: (r) => r.count, align: 'right' },
  { label: 'Term', render: (r) => (r.term_years === null ? '—' : `${r.term_years} yr`) },
  { label: 'Payment option', render: (r) => r.payment_option },
  { label: 'Class', render: (r) => fromAccount(r.from_account?.offering_class, r.offering_class ?? '—') },
  { label: 'Upfront', render: (r) => formatMoney(r.upfront_value), align: 'right' },
  { label: 'Recurring', render: (r) => formatHourly(r.recurring_hourly_per_instance), align: 'right' },
  { label: 'Accounts', render: (r) => r.accounts.join(', ') },
  { label: 'Ends', render: (r) => fromAccount(r.from_account?.end?.slice(0, 10), day(r.end)) },
  { label: 'Utilisation', render: (r) => formatShare(r.utilisation), align: 'right' },
];

const ENRICHMENT_SEVERITY = { partial: 'warning', not_granted: 'warning', unavailable: 'info' } as const;

/**
 * What the owner accounts said of the reservations: nothing when every call answered, otherwise the server's
 * message (not granted, partial, unavailable) and each failed call with the IAM action it needs.
 */
function EnrichmentNotice({ enrichment }: { enrichment: CommitmentInventory['enrichment'] }) {
  if (enrichment.status === 'ok') {
    return enrichment.described > 0 ? (
      <Typography variant="body2" color="text.secondary">
        State, scope, platform and the values marked (account) are described by the owner account; every
        figure comes from the bill.
      </Typography>
    ) : null;
  }
  return (
    <Alert severity={ENRICHMENT_SEVERITY[enrichment.status]} aria-label="Reservation enrichment">
      {enrichment.message}
      {enrichment.refused.length > 0 ? (
        <ul>
          {enrichment.refused.map((call) => (
            <li key={`${call.account_id} ${call.region} ${call.operation}`}>
              {call.operation} in {call.account_id}
              {call.region === null ? '' : ` ${call.region}`}: {call.code}
              {call.iam_action === null ? '' : ` (needs ${call.iam_action})`}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

/** The bill's hourly commitment, and the account's beside it when it says another. */
function commitmentOf(s: SavingsPlan): string {
  const bill = s.hourly_commitment === null ? '—' : formatHourly(s.hourly_commitment);
  const described = s.from_account?.commitment;
  if (described === null || described === undefined) return bill;
  if (s.hourly_commitment !== null && Math.abs(described - s.hourly_commitment) < 5e-7) return bill;
  return `${bill} · ${formatHourly(described)} (account)`;
}

const PLAN_COLUMNS: SimpleColumn<SavingsPlan>[] = [
  { label: 'Savings plan', render: (s) => <CommitmentArn arn={s.arn} /> },
  { label: 'State', render: (s) => s.from_account?.state ?? '—' },
  { label: 'Type', render: (s) => s.offering_type ?? '—' },
  { label: 'Term', render: (s) => fromAccount(s.from_account?.term, s.term ?? '—') },
  {
    label: 'Payment option',
    render: (s) => fromAccount(s.from_account?.payment_option, s.payment_option ?? '—'),
  },
  { label: 'Commitment', render: commitmentOf, align: 'right' },
  { label: 'Accounts', render: (s) => s.accounts.join(', ') },
  { label: 'Starts', render: (s) => fromAccount(s.from_account?.start?.slice(0, 10), day(s.start)) },
  { label: 'Ends', render: (s) => fromAccount(s.from_account?.end?.slice(0, 10), day(s.end)) },
  { label: 'Utilisation', render: (s) => formatShare(s.utilisation), align: 'right' },
];

/** A FOCUS quantity in its commitment's unit (up to four decimals). */
const quantityOf = (value: number | null, unit: string | null) =>
  value === null
    ? '—'
    : `${Number(value.toFixed(4)).toLocaleString('en-US')}${unit === null ? '' : ` ${unit}`}`;
const moneyOrDash = (value: number | null) => (value === null ? '—' : formatMoney(value));

const DISCOUNT_COLUMNS: SimpleColumn<CommitmentDiscount>[] = [
  { label: 'Commitment discount', render: (c) => <CommitmentArn arn={c.id} /> },
  { label: 'Name', render: (c) => c.name ?? '—' },
  { label: 'Type', render: (c) => c.type ?? '—' },
  { label: 'Category', render: (c) => c.category ?? '—' },
  { label: 'Periods', render: (c) => `${c.first_period} – ${c.last_period}` },
  { label: 'Purchased', render: (c) => quantityOf(c.purchased_quantity, c.unit), align: 'right' },
  { label: 'Purchase cost', render: (c) => moneyOrDash(c.purchase_cost), align: 'right' },
  { label: 'Used', render: (c) => quantityOf(c.used_quantity, c.unit), align: 'right' },
  { label: 'Unused', render: (c) => quantityOf(c.unused_quantity, c.unit), align: 'right' },
  { label: 'Accounts', render: (c) => c.accounts.join(', ') },
  { label: 'Net savings', render: (c) => moneyOrDash(c.net_savings), align: 'right' },
  { label: 'Utilisation', render: (c) => formatShare(c.utilisation), align: 'right' },
];

export const EXPIRY_COLUMNS: SimpleColumn<Expiry>[] = [
  { label: 'Commitment', render: (e) => <CommitmentArn arn={e.arn} /> },
  { label: 'Kind', render: (e) => (e.kind === 'reservation' ? 'Reserved instance' : 'Savings plan') },
  { label: 'Ends', render: (e) => day(e.end) },
  { label: 'Days left', render: (e) => e.days_to_expiry, align: 'right' },
];

type Lists = Pick<
  CommitmentInventory,
  'expiries' | 'reservations' | 'savings_plans' | 'commitment_discounts'
>;

/** The page's tables, one per list of the inventory: its section's title, the table's name and columns. */
const TABLES: {
  [K in keyof Lists]: { title: string; label: string; columns: SimpleColumn<Lists[K][number]>[] };
} = {
  expiries: { title: 'Expiring within 90 days', label: 'Expiring commitments', columns: EXPIRY_COLUMNS },
  reservations: { title: 'Reserved instances', label: 'Reserved instances', columns: RESERVATION_COLUMNS },
  savings_plans: { title: 'Savings plans', label: 'Savings plans', columns: PLAN_COLUMNS },
  commitment_discounts: {
    title: 'Commitment discounts (FOCUS)',
    label: 'Commitment discounts',
    columns: DISCOUNT_COLUMNS,
  },
};

/** Rows are keyed by their ARN, a FOCUS commitment discount by its id. */
const rowKey = (row: Lists[keyof Lists][number]) => ('arn' in row ? row.arn : row.id);

/** One list of the inventory as its titled table, with what is said above it. */
function InventoryTable<K extends keyof Lists>(props: { list: K; rows: Lists[K]; note?: ReactNode }) {
  const { title, label, columns } = TABLES[props.list];
  return (
    <Section title={title}>
      {props.note}
      <SimpleTable label={label} columns={columns} rows={props.rows} rowKey={rowKey} />
    </Section>
  );
}

function InventoryTables({ inventory }: { inventory: CommitmentInventory }) {
  return (
    <>
      <InventoryTable list="expiries" rows={inventory.expiries} />
      <InventoryTable
        list="reservations"
        rows={inventory.reservations}
        note={<EnrichmentNotice enrichment={inventory.enrichment} />}
      />
      <InventoryTable list="savings_plans" rows={inventory.savings_plans} />
      {inventory.commitment_discounts.length > 0 ? (
        <InventoryTable list="commitment_discounts" rows={inventory.commitment_discounts} />
      ) : null}
    </>
  );
}

/** Commitment Inventory (/v3/cost/reserved/): what is owned, read from the bill, and what expires soon. */
export function CommitmentInventoryPage() {
  const inventory = useCommitmentInventory();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Commitment Inventory
      </Typography>
      {inventory.isPending ? (
        <Skeleton variant="rounded" height={160} aria-label="Loading commitments" />
      ) : null}
      {inventory.isError ? <Alert severity="error">{inventory.error.message}</Alert> : null}
      {inventory.isSuccess ? <InventoryTables inventory={inventory.data} /> : null}
    </Stack>
  );
}
