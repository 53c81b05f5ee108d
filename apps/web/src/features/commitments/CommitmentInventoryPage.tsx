import type { CommitmentInventory } from '@finlens/contracts/commitments';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { useCommitmentInventory } from './api/commitments-query';
import { CommitmentArn } from './CommitmentArn';
import { formatHourly, formatMoney, formatShare } from './commitment-format';

type Reservation = CommitmentInventory['reservations'][number];
type SavingsPlan = CommitmentInventory['savings_plans'][number];
type Expiry = CommitmentInventory['expiries'][number];

const day = (iso: string | null) => (iso === null ? '—' : iso.slice(0, 10));

const RESERVATION_COLUMNS: SimpleColumn<Reservation>[] = [
  { label: 'Reservation', render: (r) => <CommitmentArn arn={r.arn} /> },
  { label: 'Service', render: (r) => r.service ?? '—' },
  { label: 'Instance type', render: (r) => r.instance_type ?? '—' },
  { label: 'Region', render: (r) => r.region ?? '—' },
  { label: 'Count', render: (r) => r.count, align: 'right' },
  { label: 'Term', render: (r) => (r.term_years === null ? '—' : `${r.term_years} yr`) },
  { label: 'Payment option', render: (r) => r.payment_option },
  { label: 'Class', render: (r) => r.offering_class ?? '—' },
  { label: 'Upfront', render: (r) => formatMoney(r.upfront_value), align: 'right' },
  { label: 'Recurring', render: (r) => formatHourly(r.recurring_hourly_per_instance), align: 'right' },
  { label: 'Accounts', render: (r) => r.accounts.join(', ') },
  { label: 'Ends', render: (r) => day(r.end) },
  { label: 'Utilisation', render: (r) => formatShare(r.utilisation), align: 'right' },
];

const PLAN_COLUMNS: SimpleColumn<SavingsPlan>[] = [
  { label: 'Savings plan', render: (s) => <CommitmentArn arn={s.arn} /> },
  { label: 'Type', render: (s) => s.offering_type ?? '—' },
  { label: 'Term', render: (s) => s.term ?? '—' },
  { label: 'Payment option', render: (s) => s.payment_option ?? '—' },
  {
    label: 'Commitment',
    render: (s) => (s.hourly_commitment === null ? '—' : formatHourly(s.hourly_commitment)),
    align: 'right',
  },
  { label: 'Accounts', render: (s) => s.accounts.join(', ') },
  { label: 'Ends', render: (s) => day(s.end) },
  { label: 'Utilisation', render: (s) => formatShare(s.utilisation), align: 'right' },
];

export const EXPIRY_COLUMNS: SimpleColumn<Expiry>[] = [
  { label: 'Commitment', render: (e) => <CommitmentArn arn={e.arn} /> },
  { label: 'Kind', render: (e) => (e.kind === 'reservation' ? 'Reserved instance' : 'Savings plan') },
  { label: 'Ends', render: (e) => day(e.end) },
  { label: 'Days left', render: (e) => e.days_to_expiry, align: 'right' },
];

/** A titled block of the page. */
export function TableSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
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
      {inventory.isSuccess ? (
        <>
          <TableSection title="Expiring within 90 days">
            <SimpleTable
              label="Expiring commitments"
              columns={EXPIRY_COLUMNS}
              rows={inventory.data.expiries}
              rowKey={(e) => e.arn}
            />
          </TableSection>
          <TableSection title="Reserved instances">
            <SimpleTable
              label="Reserved instances"
              columns={RESERVATION_COLUMNS}
              rows={inventory.data.reservations}
              rowKey={(r) => r.arn}
            />
          </TableSection>
          <TableSection title="Savings plans">
            <SimpleTable
              label="Savings plans"
              columns={PLAN_COLUMNS}
              rows={inventory.data.savings_plans}
              rowKey={(s) => s.arn}
            />
          </TableSection>
        </>
      ) : null}
    </Stack>
  );
}
