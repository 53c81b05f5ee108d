import type { Statement } from '@finlens/contracts/chargebacks';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BarsLoader } from '../../components/BarsLoader';
import { type StatementAction, useStatementAction } from './api/statement-action-mutation';
import { statementFileHref, useStatement } from './api/statement-query';
import { StatementLinesTable } from './StatementLinesTable';
import { nextActions, STATUS_COLORS, STATUS_LABELS } from './statement-view';

function VoidDialog({
  onVoid,
  onClose,
  pending,
}: {
  onVoid: (reason: string) => void;
  onClose: () => void;
  pending: boolean;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog open onClose={onClose} aria-labelledby="void-title">
      <DialogTitle id="void-title">Void statement</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          disabled={pending || reason.trim() === ''}
          onClick={() => onVoid(reason.trim())}
        >
          Void
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Header({ statement: s }: { statement: Statement }) {
  const status = s.status === 'preview' ? 'draft' : s.status;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2">
        {`${s.showback_name} · ${s.month} · version ${s.version}`}
      </Typography>
      <Chip size="small" label={STATUS_LABELS[s.status]} color={STATUS_COLORS[status]} />
      <Typography variant="body2" color="text.secondary">
        {`${s.cost_type} · ${s.currency}`}
        {s.issued_at ? ` · issued ${s.issued_at.slice(0, 10)}` : ''}
        {s.superseded_by_id ? ' · replaced by a newer version' : ''}
        {s.void_reason ? ` · void: ${s.void_reason}` : ''}
      </Typography>
    </Stack>
  );
}

/** One statement of the center: its lines, CSV export and (admins) issue, re-issue and void. */
export function StatementPanel({
  id,
  isAdmin,
  onOpen,
}: {
  id: string;
  isAdmin: boolean;
  onOpen: (id: string) => void;
}) {
  const statement = useStatement(id);
  const action = useStatementAction();
  const [voiding, setVoiding] = useState(false);
  if (statement.isPending) return <BarsLoader />;
  if (statement.isError) return <Alert severity="error">{statement.error.message}</Alert>;
  const s = statement.data;
  const can = nextActions(s);
  const run = (next: StatementAction) =>
    action.mutate(next, {
      onSuccess: (done) => {
        setVoiding(false);
        if (done.id !== null && done.id !== id) onOpen(done.id);
      },
    });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Statement">
      <Stack spacing={2}>
        <Header statement={s} />
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" href={statementFileHref(id, 'csv')} download>
            Export CSV
          </Button>
          <Button variant="outlined" href={statementFileHref(id, 'pdf')} download>
            Export PDF
          </Button>
          {isAdmin && can.issue ? (
            <Button
              variant="contained"
              disabled={action.isPending}
              onClick={() => run({ kind: 'issue', id })}
            >
              Issue
            </Button>
          ) : null}
          {isAdmin && can.reissue ? (
            <Button disabled={action.isPending} onClick={() => run({ kind: 'reissue', id })}>
              Re-issue with current data
            </Button>
          ) : null}
          {isAdmin && can.void ? (
            <Button color="error" onClick={() => setVoiding(true)}>
              Void
            </Button>
          ) : null}
        </Stack>
        {action.isError ? <Alert severity="error">{action.error.message}</Alert> : null}
        <StatementLinesTable statement={s} />
      </Stack>
      {voiding ? (
        <VoidDialog
          pending={action.isPending}
          onClose={() => setVoiding(false)}
          onVoid={(reason) => run({ kind: 'void', id, reason })}
        />
      ) : null}
    </Paper>
  );
}
