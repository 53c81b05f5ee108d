import type { Anomaly, AnomalyStatus } from '@finlens/contracts/anomalies';
import { formatMoney, formatPercent } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { EmptyTableRow } from '../../components/EmptyTableRow';
import { openFirst, STATUS_LABELS, scopeText } from './anomaly-text';
import { useAnomalies } from './api/anomalies-query';
import { useUpdateAnomalyMutation } from './api/update-anomaly-mutation';
import { DismissDialog } from './components/DismissDialog';

/** The top resources shown per anomaly (the server keeps more). */
const TOP_DRIVERS = 3;
const COLUMNS = 7;

function SizeCell({ anomaly }: { anomaly: Anomaly }) {
  return (
    <TableCell>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        +{formatMoney(anomaly.increase)}
        {anomaly.increase_percent === null ? ' (new spend)' : ` (${formatPercent(anomaly.increase_percent)})`}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatMoney(anomaly.actual_cost)} against {formatMoney(anomaly.expected_cost)} expected
      </Typography>
    </TableCell>
  );
}

function DriversCell({ anomaly }: { anomaly: Anomaly }) {
  if (anomaly.drivers.length === 0) return <TableCell>-</TableCell>;
  return (
    <TableCell>
      {anomaly.drivers.slice(0, TOP_DRIVERS).map((driver) => (
        <Typography key={driver.resource_id ?? 'none'} variant="body2" sx={{ wordBreak: 'break-all' }}>
          {driver.resource_id ?? 'No resource id'}: {formatMoney(driver.cost)}
        </Typography>
      ))}
    </TableCell>
  );
}

function StatusCell({ anomaly }: { anomaly: Anomaly }) {
  const color =
    anomaly.status === 'open' ? (anomaly.severity === 'critical' ? 'error' : 'warning') : 'default';
  return (
    <TableCell>
      <Chip size="small" color={color} label={STATUS_LABELS[anomaly.status]} />
      {anomaly.reason === null ? null : (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {anomaly.reason}
        </Typography>
      )}
    </TableCell>
  );
}

interface ActionsProps {
  anomaly: Anomaly;
  pending: boolean;
  onStatus: (status: AnomalyStatus) => void;
  onDismiss: () => void;
}

function ActionsCell({ anomaly, pending, onStatus, onDismiss }: ActionsProps) {
  const label = scopeText(anomaly);
  return (
    <TableCell align="right">
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {anomaly.status === 'open' ? (
          <>
            <Button
              size="small"
              disabled={pending}
              onClick={() => onStatus('acknowledged')}
              aria-label={`Acknowledge ${label}`}
            >
              Acknowledge
            </Button>
            <Button
              size="small"
              disabled={pending}
              onClick={() => onStatus('expected')}
              aria-label={`Mark ${label} expected`}
            >
              Mark expected
            </Button>
            <Button
              size="small"
              color="error"
              disabled={pending}
              onClick={onDismiss}
              aria-label={`Dismiss ${label}`}
            >
              Dismiss
            </Button>
          </>
        ) : (
          <Button
            size="small"
            disabled={pending}
            onClick={() => onStatus('open')}
            aria-label={`Reopen ${label}`}
          >
            Reopen
          </Button>
        )}
      </Stack>
    </TableCell>
  );
}

/**
 * Cost anomalies of the client, open ones first: scope, start, size against the baseline, the resources
 * that drove it, a link to the Explorer view that shows it, and the triage actions.
 */
export function AnomaliesPanel() {
  const anomalies = useAnomalies();
  const update = useUpdateAnomalyMutation();
  const [dismissing, setDismissing] = useState<Anomaly | null>(null);
  if (anomalies.isPending) return <BarsLoader />;
  if (anomalies.isError) return <Alert severity="error">{anomalies.error.message}</Alert>;
  const rows = openFirst(anomalies.data);
  const open = rows.filter((anomaly) => anomaly.status === 'open').length;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {open === 1 ? '1 open anomaly' : `${open} open anomalies`} — daily spend per account, service and
        usage type compared with its weekday baseline.
      </Typography>
      {update.isError ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => update.reset()}>
          {update.error.message}
        </Alert>
      ) : null}
      <TableContainer>
        <Table size="small" aria-label="Anomalies">
          <TableHead>
            <TableRow>
              <TableCell>Scope</TableCell>
              <TableCell>Start</TableCell>
              <TableCell>Size</TableCell>
              <TableCell>Top resources</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Explorer</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <EmptyTableRow rowCount={rows.length} columns={COLUMNS} />
            {rows.map((anomaly) => (
              <TableRow key={anomaly.id}>
                <TableCell>{scopeText(anomaly)}</TableCell>
                <TableCell>
                  {anomaly.start_date}
                  {anomaly.end_date === anomaly.start_date ? '' : ` – ${anomaly.end_date}`}
                </TableCell>
                <SizeCell anomaly={anomaly} />
                <DriversCell anomaly={anomaly} />
                <StatusCell anomaly={anomaly} />
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={anomaly.explorer_url}
                    aria-label={`Open ${scopeText(anomaly)} in Explorer`}
                  >
                    Open in Explorer
                  </Link>
                </TableCell>
                <ActionsCell
                  anomaly={anomaly}
                  pending={update.isPending && update.variables.id === anomaly.id}
                  onStatus={(status) => update.mutate({ id: anomaly.id, body: { status } })}
                  onDismiss={() => setDismissing(anomaly)}
                />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {dismissing === null ? null : (
        <DismissDialog anomaly={dismissing} onClose={() => setDismissing(null)} />
      )}
    </>
  );
}
