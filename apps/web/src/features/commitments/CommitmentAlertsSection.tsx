import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AdminAction } from '../../components/AdminAction';
import { AlertSettingsDialog } from './AlertSettingsDialog';
import { useCommitmentAlerts } from './api/commitments-query';
import { formatShare } from './commitment-format';

const ALERT_SEVERITY = { info: 'info', warning: 'warning', critical: 'error' } as const;

/** The alerts due now, as their notifications say them; the thresholds they were judged by, which admins change. */
export function CommitmentAlertsSection({ projectIds }: { projectIds?: string }) {
  const alerts = useCommitmentAlerts(projectIds);
  const settings = alerts.data?.settings;
  const [editing, setEditing] = useState(false);
  return (
    <Stack spacing={1} component="section" aria-label="Commitment alerts">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Alerts
        </Typography>
        <AdminAction reason="Only admins change the alert settings.">
          {(disabled) => (
            <Button size="small" disabled={disabled || !settings} onClick={() => setEditing(true)}>
              Alert settings
            </Button>
          )}
        </AdminAction>
      </Stack>
      {alerts.isPending ? <Skeleton variant="rounded" height={60} aria-label="Loading the alerts" /> : null}
      {alerts.isError ? <Alert severity="error">{alerts.error.message}</Alert> : null}
      {alerts.data?.alerts.length === 0 ? (
        <Alert severity="success">No commitment needs attention.</Alert>
      ) : null}
      {alerts.data?.alerts.map((alert) => (
        <Alert key={alert.key} severity={ALERT_SEVERITY[alert.severity]}>
          <AlertTitle>{alert.subject}</AlertTitle>
          {alert.text}
        </Alert>
      ))}
      {settings ? (
        <Typography variant="body2" color="text.secondary">
          Under-used below {formatShare(settings.utilisation_below)} over the last 30 billed days; expiry
          notices {settings.expiry_days.join(', ')} days ahead; coverage drops of{' '}
          {Math.round(settings.coverage_drop_points * 100)} points or more; purchases of the last{' '}
          {settings.purchase_days} days. Each is sent once to the admins and the channels subscribed to
          Commitments.
        </Typography>
      ) : null}
      {editing && settings ? (
        <AlertSettingsDialog settings={settings} onClose={() => setEditing(false)} />
      ) : null}
    </Stack>
  );
}
