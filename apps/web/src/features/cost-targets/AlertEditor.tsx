import {
  ALERT_BASES,
  ALERT_FREQUENCIES,
  type AlertFrequency,
  type Alert as TargetAlert,
  THRESHOLD_TYPES,
} from '@finlens/contracts/cost-targets';
import { formatMoney } from '@finlens/cost-model/format';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useIsAdmin } from '../../components/AdminAction';
import { EmptyTableRow } from '../../components/EmptyTableRow';
import { HeaderRow } from '../../components/HeaderRow';
import { useChannels } from '../notifications/api/channels-query';
import { useAlerts } from './api/alerts-query';
import { useDeleteAlert } from './api/delete-alert-mutation';
import { type AlertDraft, useSaveAlert } from './api/save-alert-mutation';
import { useSyncAlertFrequency } from './api/sync-alert-frequency-mutation';

const BASIS_LABELS = { actual: 'Actual cost', forecast: 'Forecast total' } as const;
const TYPE_LABELS = { percent: '% of budget', amount: 'Amount (USD)' } as const;
const FREQUENCY_LABELS = {
  immediately: 'Immediately',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
} as const;

const BLANK_DRAFT = {
  basis: 'actual',
  threshold_type: 'percent',
  threshold: '80',
  emails: '',
  channel_ids: [] as string[],
};

const thresholdText = (alert: Pick<TargetAlert, 'threshold' | 'threshold_type'>) =>
  alert.threshold_type === 'percent' ? `${alert.threshold}% of budget` : formatMoney(alert.threshold);

/** Emails, then the channels by name (an unknown id, e.g. a removed channel, counts with the users). */
const recipientsText = ({ recipients }: TargetAlert, channelNames: ReadonlyMap<string, string>) => {
  const named = recipients.channel_ids.flatMap((id) => channelNames.get(id) ?? []);
  const others = recipients.user_ids.length + recipients.channel_ids.length - named.length;
  return (
    [...recipients.emails, ...named, ...(others > 0 ? [`${others} user(s) or channel(s)`] : [])].join(', ') ||
    '-'
  );
};

/**
 * A target's alerts: each fires when the period's actual or forecast total crosses its threshold (a percent
 * of the budget or an amount). One frequency serves every alert of the target (sync_alert_frequencies).
 */
export function AlertEditor({ targetId }: { targetId: string }) {
  const readOnly = !useIsAdmin();
  const alerts = useAlerts(targetId);
  const save = useSaveAlert(targetId);
  const remove = useDeleteAlert();
  const sync = useSyncAlertFrequency(targetId);
  const channels = useChannels().data ?? [];
  const channelNames = new Map(channels.map((channel) => [channel.id, channel.name]));
  const [draft, setDraft] = useState(BLANK_DRAFT);
  // The alert being edited (PATCH), null when the form adds one (POST).
  const [editing, setEditing] = useState<TargetAlert | null>(null);
  const list = alerts.data ?? [];
  const frequency: AlertFrequency = list[0]?.frequency ?? 'immediately';
  const [newFrequency, setNewFrequency] = useState<AlertFrequency>('immediately');
  const shownFrequency = list.length > 0 ? frequency : newFrequency;

  const add = () => {
    const body: AlertDraft = {
      basis: draft.basis as AlertDraft['basis'],
      threshold_type: draft.threshold_type as AlertDraft['threshold_type'],
      threshold: Number(draft.threshold),
      frequency: shownFrequency,
      recipients: {
        user_ids: editing?.recipients.user_ids ?? [],
        channel_ids: draft.channel_ids,
        emails: draft.emails
          .split(/[,\s]+/)
          .map((email) => email.trim())
          .filter((email) => email !== ''),
      },
    };
    save.mutate({ id: editing?.id ?? null, draft: body }, { onSuccess: stopEditing });
  };
  const stopEditing = () => {
    setEditing(null);
    setDraft(BLANK_DRAFT);
  };
  const edit = (alert: TargetAlert) => {
    setEditing(alert);
    setDraft({
      basis: alert.basis,
      threshold_type: alert.threshold_type,
      threshold: String(alert.threshold),
      emails: alert.recipients.emails.join(', '),
      channel_ids: alert.recipients.channel_ids,
    });
  };
  const changeFrequency = (next: AlertFrequency) =>
    list.length > 0 ? sync.mutate(next) : setNewFrequency(next);
  const error = save.error ?? remove.error ?? sync.error ?? alerts.error;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Alerts">
      <Typography variant="h6" component="h2" gutterBottom>
        Alerts
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      ) : null}
      <TextField
        select
        label="Frequency"
        size="small"
        value={shownFrequency}
        onChange={(event) => changeFrequency(event.target.value as AlertFrequency)}
        disabled={readOnly}
        sx={{ width: 220, mb: 2 }}
        helperText="For every alert of this target"
      >
        {ALERT_FREQUENCIES.map((f) => (
          <MenuItem key={f} value={f}>
            {FREQUENCY_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      <Table size="small" aria-label="Target alerts">
        <HeaderRow labels={['When', 'Crosses', 'Recipients', 'Actions']} />
        <TableBody>
          {list.map((alert) => (
            <TableRow key={alert.id}>
              <TableCell>{BASIS_LABELS[alert.basis]}</TableCell>
              <TableCell>{thresholdText(alert)}</TableCell>
              <TableCell>{recipientsText(alert, channelNames)}</TableCell>
              <TableCell>
                <IconButton
                  size="small"
                  aria-label={`Edit alert at ${thresholdText(alert)}`}
                  disabled={readOnly}
                  onClick={() => edit(alert)}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={`Delete alert at ${thresholdText(alert)}`}
                  disabled={readOnly}
                  onClick={() => remove.mutate(alert.id)}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          <EmptyTableRow rowCount={alerts.isPending ? 1 : list.length} columns={4} />
        </TableBody>
      </Table>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 2 }}>
        <TextField
          select
          label="Alert on"
          size="small"
          value={draft.basis}
          onChange={(event) => setDraft({ ...draft, basis: event.target.value })}
          sx={{ width: 170 }}
        >
          {ALERT_BASES.map((b) => (
            <MenuItem key={b} value={b}>
              {BASIS_LABELS[b]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Threshold"
          type="number"
          size="small"
          value={draft.threshold}
          onChange={(event) => setDraft({ ...draft, threshold: event.target.value })}
          sx={{ width: 130 }}
        />
        <TextField
          select
          label="Threshold type"
          size="small"
          value={draft.threshold_type}
          onChange={(event) => setDraft({ ...draft, threshold_type: event.target.value })}
          sx={{ width: 170 }}
        >
          {THRESHOLD_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Recipient emails"
          size="small"
          placeholder="ops@example.com, cfo@example.com"
          value={draft.emails}
          onChange={(event) => setDraft({ ...draft, emails: event.target.value })}
          sx={{ minWidth: 280, flexGrow: 1 }}
        />
        <TextField
          select
          label="Channels"
          size="small"
          value={draft.channel_ids}
          onChange={(event) => {
            const value = event.target.value as unknown as string[] | string;
            setDraft({ ...draft, channel_ids: typeof value === 'string' ? value.split(',') : value });
          }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (ids) => (ids as string[]).map((id) => channelNames.get(id) ?? id).join(', '),
            },
          }}
          helperText={channels.length === 0 ? 'Add channels in Settings → Notifications Center' : undefined}
          sx={{ width: 220 }}
        >
          {channels.map((channel) => (
            <MenuItem key={channel.id} value={channel.id}>
              {channel.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={add} loading={save.isPending} disabled={readOnly}>
          {editing === null ? 'Add alert' : 'Save alert'}
        </Button>
        {editing === null ? null : <Button onClick={stopEditing}>Cancel</Button>}
      </Stack>
    </Paper>
  );
}
