import type { Schedule } from '@finlens/contracts/scheduler';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AdminAction } from '../../components/AdminAction';
import { BarsLoader } from '../../components/BarsLoader';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SimpleTable } from '../../components/SimpleTable';
import { useConfirmRemoval } from '../../components/use-confirm-removal';
import { ActionLog } from './ActionLog';
import { useDeleteSchedule } from './api/delete-schedule-mutation';
import { schedulerKeys } from './api/keys';
import { useOneOffs } from './api/one-offs-query';
import { useSchedule } from './api/schedules-query';
import { formatInstant } from './format-instant';
import { OneOffPanel } from './OneOffPanel';
import { OverridesPanel } from './OverridesPanel';
import { editPath, hasPendingOneOff, SCHEDULER_ADMIN_REASON, SCHEDULER_LIST_PATH } from './scheduler-view';
import { WeekTimeline } from './WeekTimeline';
import { WorkloadEstimatePanel } from './WorkloadEstimatePanel';

type Resource = Schedule['scheduled_resources'][number];

/** One schedule: its figures, resources, week of desired vs actual, overrides, one-off actions and log. */
export function ScheduleDetailsPage({ id }: { id: string }) {
  // While a one-off of its resources is queued the page asks again every few seconds, as for an action in flight,
  // and once more when it has run (the one-offs' own polling may see it done before this page's next ask).
  const oneOffs = useOneOffs();
  const oneOffPending = (s: Schedule) => hasPendingOneOff(s, oneOffs.data?.results ?? []);
  const schedule = useSchedule(id, oneOffPending);
  const pending = schedule.data !== undefined && oneOffPending(schedule.data);
  const client = useQueryClient();
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) {
      void client.invalidateQueries({ queryKey: schedulerKeys.detail(id) });
      void client.invalidateQueries({ queryKey: schedulerKeys.actions(id) });
    }
    wasPending.current = pending;
  }, [pending, client, id]);
  if (schedule.isError) return <Alert severity="error">{schedule.error.message}</Alert>;
  if (schedule.isPending) return <BarsLoader label="Loading the schedule" />;
  return <Details schedule={schedule.data} oneOffPending={pending} />;
}

function Details({ schedule, oneOffPending }: { schedule: Schedule; oneOffPending: boolean }) {
  const navigate = useNavigate();
  const remove = useDeleteSchedule();
  const removal = useConfirmRemoval(remove, (s: Schedule) => s.id);
  const next = schedule.next_action;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {schedule.schedule_name}
        </Typography>
        <Chip
          label={schedule.enabled ? 'Enabled' : 'Disabled'}
          color={schedule.enabled ? 'success' : 'default'}
        />
        {schedule.enforced ? <Chip label="Enforced" /> : null}
        <AdminAction reason={SCHEDULER_ADMIN_REASON}>
          {(disabled) => (
            <Button variant="contained" component={RouterLink} to={editPath(schedule.id)} disabled={disabled}>
              Edit
            </Button>
          )}
        </AdminAction>
        <AdminAction reason={SCHEDULER_ADMIN_REASON}>
          {(disabled) => (
            <Button color="error" onClick={() => removal.ask(schedule)} disabled={disabled}>
              Delete
            </Button>
          )}
        </AdminAction>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap aria-label="Summary">
        <Figure label="Now" value={`wants ${schedule.desired_state}`} />
        <Figure
          label="Next change"
          value={
            next ? `${next.action} ${formatInstant(next.at, schedule.time_zone)}` : 'none within 35 days'
          }
        />
        <Figure label="Time zone" value={schedule.time_zone} />
        <Figure
          label="Estimated monthly saving"
          value={
            schedule.estimated_monthly_saving === null
              ? 'No bill yet'
              : formatMoney(schedule.estimated_monthly_saving)
          }
        />
        <Figure
          label="Realised monthly saving"
          value={
            schedule.realised_monthly_saving === null
              ? 'Not verified yet'
              : `${formatMoney(schedule.realised_monthly_saving)} (${formatMoney(schedule.realised_to_date)} so far)`
          }
        />
        {schedule.workload_estimate === null ? null : (
          <Figure
            label="Workloads: pods' share, if nodes scale in"
            value={
              schedule.workload_estimate.monthly_saving === null
                ? 'No bill yet'
                : `${formatMoney(schedule.workload_estimate.monthly_saving)} a month`
            }
          />
        )}
        <Figure
          label="Running hours a week"
          value={schedule.positions === null ? 'off the hour' : String(schedule.positions.length)}
        />
      </Stack>
      <WeekTimeline scheduleId={schedule.id} zone={schedule.time_zone} />
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Scheduled resources">
        <Typography variant="h6" component="h2" gutterBottom>
          Resources
        </Typography>
        <SimpleTable<Resource>
          label="Scheduled resources"
          rows={schedule.scheduled_resources}
          rowKey={(r) => `${r.kind}|${r.resource_id}`}
          columns={[
            { label: 'Resource', render: (r: Resource) => r.resource_id },
            { label: 'Name', render: (r: Resource) => r.name ?? '—' },
            { label: 'Kind', render: (r: Resource) => r.kind },
            { label: 'Region', render: (r: Resource) => r.region },
            { label: 'State', render: (r: Resource) => r.state },
            {
              label: 'Matched by',
              render: (r: Resource) =>
                r.matched_by === 'tag' ? `tag ${schedule.scheduled_by_tag_key}` : 'id',
            },
          ]}
        />
      </Paper>
      {schedule.workload_estimate === null ? null : (
        <WorkloadEstimatePanel estimate={schedule.workload_estimate} />
      )}
      <Holidays schedule={schedule} />
      <OverridesPanel schedule={schedule} />
      <OneOffPanel schedule={schedule} />
      <ActionLog scheduleId={schedule.id} oneOffPending={oneOffPending} />
      <ConfirmDialog
        {...removal.dialog}
        onConfirm={() => {
          remove.mutate(schedule.id, { onSuccess: () => navigate(SCHEDULER_LIST_PATH) });
        }}
        title="Delete this schedule?"
        text={`"${schedule.schedule_name}" stops acting on its resources; they stay as they are now. The action log is kept.`}
        confirmLabel="Delete"
      />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, minWidth: 160 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="subtitle1" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

/** The custom holidays and the country's coming public holidays, when the schedule has any. */
function Holidays({ schedule }: { schedule: Schedule }) {
  if (schedule.holidays.length === 0 && schedule.holiday_country === null) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Holidays">
      <Typography variant="h6" component="h2" gutterBottom>
        Holidays (kept stopped)
      </Typography>
      {schedule.holiday_country === null ? null : (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Public holidays of {schedule.holiday_country} in the coming year:{' '}
          {schedule.public_holidays.join(', ') || 'none'}
        </Typography>
      )}
      {schedule.holidays.length === 0 ? null : (
        <Typography variant="body2">Custom: {schedule.holidays.join(', ')}</Typography>
      )}
    </Paper>
  );
}
