import {
  type ApplyCheck,
  DISMISS_REASONS,
  type LedgerAction,
  type LedgerEntryDetail,
} from '@finlens/contracts/savings-ledger';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BarsLoader } from '../../components/BarsLoader';
import { useLedgerEntry } from '../savings-ledger/api/ledger-entry-query';
import { useLedgerTransition } from '../savings-ledger/api/ledger-transition-mutation';

const LABELS: Record<LedgerAction, string> = {
  dismiss: 'Dismiss',
  snooze: 'Snooze',
  reopen: 'Reopen',
  accept: 'Accept',
  approve: 'Approve',
  reject: 'Reject',
  apply: 'Apply…',
  mark_done: 'Mark done',
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The ledger of one recommendation: its state, the actions the caller's role has (members propose, admins
 * approve and apply), a dry run shown before anything changes in the cloud, and the audit trail.
 */
export function LedgerPanel({ recommendationId }: { recommendationId: string }) {
  const entry = useLedgerEntry(recommendationId);
  const move = useLedgerTransition(recommendationId);
  const [dialog, setDialog] = useState<'dismiss' | 'snooze' | null>(null);
  const [check, setCheck] = useState<ApplyCheck | null>(null);

  if (entry.isPending) return <BarsLoader label="Loading the ledger" />;
  if (entry.isError) return <Alert severity="error">{entry.error.message}</Alert>;
  const data = entry.data;
  const act = (action: LedgerAction) => {
    if (action === 'dismiss' || action === 'snooze') return setDialog(action);
    if (action === 'apply') {
      return move.mutate(
        { action: 'apply', dry_run: true },
        { onSuccess: (answer) => setCheck(answer.check) },
      );
    }
    move.mutate({ action } as { action: 'accept' });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Savings ledger">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
          Ledger
        </Typography>
        <Chip label={data.apply_status === 'running' ? 'applying…' : data.state} color={chipColor(data)} />
        {data.available_actions.map((action) => (
          <Button
            key={action}
            size="small"
            variant={action === 'approve' || action === 'apply' ? 'contained' : 'outlined'}
            disabled={move.isPending}
            onClick={() => act(action)}
          >
            {LABELS[action]}
          </Button>
        ))}
      </Stack>
      <StateFacts data={data} />
      {move.isError ? <Alert severity="error">{move.error.message}</Alert> : null}
      <Trail data={data} />
      <DismissDialog
        open={dialog === 'dismiss'}
        onClose={() => setDialog(null)}
        onSubmit={(reason, note) =>
          move.mutate({ action: 'dismiss', reason, note }, { onSuccess: () => setDialog(null) })
        }
      />
      <SnoozeDialog
        open={dialog === 'snooze'}
        onClose={() => setDialog(null)}
        onSubmit={(until) => move.mutate({ action: 'snooze', until }, { onSuccess: () => setDialog(null) })}
      />
      <Dialog open={check !== null} onClose={() => setCheck(null)} aria-labelledby="apply-title">
        <DialogTitle id="apply-title">Apply through the cloud</DialogTitle>
        <DialogContent>
          {check?.can_apply ? (
            <>
              <Typography gutterBottom>
                The dry run checked the resource ({check.resource_state ?? 'unknown state'}) in the{' '}
                {check.via === 'simulated' ? 'simulated cloud' : 'AWS account'}. Applying will:
              </Typography>
              <ol>
                {check.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </>
          ) : (
            <Alert severity="warning">{check?.reason}</Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCheck(null)}>Cancel</Button>
          {check?.can_apply ? (
            <Button
              variant="contained"
              autoFocus
              onClick={() =>
                move.mutate({ action: 'apply', dry_run: false }, { onSuccess: () => setCheck(null) })
              }
            >
              Apply
            </Button>
          ) : null}
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function chipColor(data: LedgerEntryDetail) {
  if (data.state === 'verified' || data.state === 'applied') return 'success' as const;
  if (data.state === 'regressed' || data.apply_status === 'failed') return 'error' as const;
  return 'default' as const;
}

function StateFacts({ data }: { data: LedgerEntryDetail }) {
  const facts: string[] = [];
  if (data.proposed_by !== null) facts.push(`Proposed by ${data.proposed_by}`);
  if (data.approved_by !== null) facts.push(`approved by ${data.approved_by}`);
  if (data.applied_at !== null) facts.push(`applied ${data.applied_at.slice(0, 10)} (${data.applied_via})`);
  if (data.snoozed_until !== null) facts.push(`snoozed until ${data.snoozed_until}`);
  if (data.status_reason !== null) facts.push(`reason: ${data.status_reason}`);
  if (data.safety_snapshot_id !== null) facts.push(`safety snapshot ${data.safety_snapshot_id}`);
  const v = data.verification;
  return (
    <>
      {facts.length > 0 ? <Typography variant="body2">{facts.join(' · ')}</Typography> : null}
      {data.apply_error !== null ? <Alert severity="error">{data.apply_error}</Alert> : null}
      {v !== null ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          From the bill through {v.billed_through}: {formatMoney(v.rate_before)}/day before,{' '}
          {formatMoney(v.rate_after)}
          /day after — {v.outcome}, {formatMoney(v.realised_monthly_saving)} per month realised (
          {formatMoney(v.realised_to_date)} so far).
        </Typography>
      ) : null}
    </>
  );
}

function Trail({ data }: { data: LedgerEntryDetail }) {
  if (data.events.length === 0) return null;
  return (
    <Stack component="ol" aria-label="Audit trail" sx={{ pl: 2, mt: 1, mb: 0 }}>
      {data.events.map((event) => (
        <Typography component="li" variant="body2" key={event.id}>
          {event.at.slice(0, 16).replace('T', ' ')} · {event.actor} · {event.action.replace('_', ' ')}
          {event.from_state === event.to_state ? '' : ` (${event.from_state} → ${event.to_state})`}
          {event.note === null ? '' : ` — ${event.note}`}
        </Typography>
      ))}
    </Stack>
  );
}

function DismissDialog(props: {
  open: boolean;
  onClose: () => void;
  onSubmit: (reason: (typeof DISMISS_REASONS)[number], note: string) => void;
}) {
  const [reason, setReason] = useState<(typeof DISMISS_REASONS)[number]>('not_applicable');
  const [note, setNote] = useState('');
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="dismiss-title">
      <DialogTitle id="dismiss-title">Dismiss the recommendation</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value as typeof reason)}
        >
          {DISMISS_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {r.replaceAll('_', ' ')}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          margin="dense"
          label="Note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => props.onSubmit(reason, note)}>
          Dismiss
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SnoozeDialog(props: { open: boolean; onClose: () => void; onSubmit: (until: string) => void }) {
  const [until, setUntil] = useState(inDays(30));
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="snooze-title">
      <DialogTitle id="snooze-title">Snooze until</DialogTitle>
      <DialogContent>
        <TextField
          type="date"
          margin="dense"
          label="Until"
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => props.onSubmit(until)}>
          Snooze
        </Button>
      </DialogActions>
    </Dialog>
  );
}
