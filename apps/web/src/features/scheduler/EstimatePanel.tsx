import { formatMoney } from '@finlens/cost-model/format';
import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useDebounced } from '../../lib/use-debounced';
import { useScheduleEstimate } from './api/schedule-estimate-query';
import { inputOf, type ScheduleDraft } from './scheduler-view';

const hours = (n: number) => `${Math.round(n * 10) / 10} h`;

/** The pre-flight estimate of the schedule as edited, asked again after each pause in editing. */
export function EstimatePanel({ draft }: { draft: ScheduleDraft }) {
  const settled = useDebounced(draft, 400);
  const ready = settled.project !== '' && settled.positions.length > 0;
  const body = ready
    ? { ...inputOf(settled), schedule_name: settled.schedule_name.trim() || 'New schedule', enabled: false }
    : null;
  const estimate = useScheduleEstimate(body);
  const data = estimate.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Estimated saving" component="section">
      <Typography variant="h6" component="h2">
        Estimated saving
      </Typography>
      {estimate.isFetching ? <LinearProgress sx={{ my: 1 }} aria-label="Estimating" /> : null}
      {!ready ? (
        <Typography color="text.secondary">
          Paint running hours and choose a project to see the estimate.
        </Typography>
      ) : estimate.isError ? (
        <Alert severity="warning">{estimate.error.message}</Alert>
      ) : data === undefined ? null : (
        <>
          <Typography variant="h4" component="p" data-testid="estimate-monthly">
            {formatMoney((data.total_saving_30d * DAYS_PER_MONTH) / 30)}
            <Typography component="span" color="text.secondary">
              {' '}
              per month
            </Typography>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Stopped {hours(data.stopped_hours_per_week)} a week.{' '}
            {data.window === null
              ? 'No bill in the last 30 days yet: the estimate appears once a bill is imported.'
              : `From each resource's running hours ${data.window.from} – ${data.window.to} (amortized) × the hours it would stop. Storage (RDS storage and backups, attached EBS volumes) ${data.total_keeps_billing_30d > 0 ? `keeps billing: ${formatMoney(data.total_keeps_billing_30d)} over 30 days, not counted as saved` : 'keeps billing and is not counted as saved; these resources billed none'}.`}
          </Typography>
          {data.total_stranded_commitment_30d > 0 ? (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="estimate-stranded">
              Stopping{' '}
              {data.resources
                .filter((r) => r.stranded_commitment_30d > 0)
                .map((r) => r.resource_id)
                .join(', ')}{' '}
              strands reserved instances or savings plans that cover them:{' '}
              {formatMoney(data.total_stranded_commitment_30d)} of commitment over 30 days would go unused, so
              it is not counted as saved. Schedule resources no commitment covers, or let the commitment cover
              others.
            </Alert>
          ) : null}
          {data.resources.length === 0 ? (
            <Alert severity="info" sx={{ mt: 1 }}>
              Choose resources, or a tag value that matches some, to see what the schedule saves.
            </Alert>
          ) : (
            <Table size="small" sx={{ mt: 1 }} aria-label="Estimate per resource">
              <TableHead>
                <TableRow>
                  <TableCell>Resource</TableCell>
                  <TableCell align="right">Per hour</TableCell>
                  <TableCell align="right">Keeps billing, 30 days</TableCell>
                  <TableCell align="right">Saving, 30 days</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.resources.map((r) => (
                  <TableRow key={`${r.kind}|${r.resource_id}`}>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{r.resource_id}</TableCell>
                    <TableCell align="right">{formatMoney(r.hourly_cost)}</TableCell>
                    <TableCell align="right">{formatMoney(r.keeps_billing_30d)}</TableCell>
                    <TableCell align="right">{formatMoney(r.estimated_saving_30d)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Paper>
  );
}
