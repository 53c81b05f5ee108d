import { MAX_OVERRIDE_DAYS, ONE_OFF_DEFAULT_LEAD_MINUTES, type Schedule } from '@finlens/contracts/scheduler';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AdminAction } from '../../components/AdminAction';
import { ApiError } from '../../lib/api-client';
import { useAddOneOff } from './api/add-one-off-mutation';
import { useOneOffs } from './api/one-offs-query';
import { formatInstant } from './format-instant';
import { LocalDateTimeField } from './LocalDateTimeField';
import { errorsByField, resourcesOf, SCHEDULER_ADMIN_REASON } from './scheduler-view';

/** Local day and HH:MM in `zone`, `minutes` from now (the event-bridge form's default: 10 minutes ahead). */
function ahead(zone: string, minutes: number): { day: string; time: string } {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** Spec §3 event-bridge form: start or stop the schedule's resources once, now or at a day and time. */
export function OneOffPanel({ schedule }: { schedule: Schedule }) {
  const add = useAddOneOff();
  const oneOffs = useOneOffs();
  const [action, setAction] = useState<'start' | 'stop'>('stop');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState(() => ahead(schedule.time_zone, ONE_OFF_DEFAULT_LEAD_MINUTES));
  // Local date and time in this browser's zone, as the overrides' "until"; empty: the schedule's next boundary.
  const [holdUntil, setHoldUntil] = useState('');
  const errors = add.error instanceof ApiError ? errorsByField(add.error.body) : {};
  const keys = schedule.scheduled_resources.map((r) => `${r.kind}|${r.resource_id}`);
  const mine = (oneOffs.data?.results ?? []).filter((o) => o.project === schedule.project).slice(0, 5);
  const submit = () =>
    add.mutate({
      type: 'eventbridge',
      project: schedule.project,
      account_number: schedule.account_number,
      schedule: when,
      ...(when === 'later' ? at : {}),
      time_zone: schedule.time_zone,
      action,
      resources: resourcesOf(keys),
      hold_until: holdUntil === '' ? null : new Date(holdUntil).toISOString(),
    });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="One-off action">
      <Typography variant="h6" component="h2" gutterBottom>
        One-off action
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label="Action"
          value={action}
          onChange={(e) => setAction(e.target.value as 'start' | 'stop')}
        >
          <MenuItem value="start">Start</MenuItem>
          <MenuItem value="stop">Stop</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="When"
          value={when}
          onChange={(e) => setWhen(e.target.value as 'now' | 'later')}
        >
          <MenuItem value="now">Now</MenuItem>
          <MenuItem value="later">At a day and time</MenuItem>
        </TextField>
        {when === 'later' ? (
          <>
            <TextField
              type="date"
              size="small"
              label="Day"
              value={at.day}
              onChange={(e) => setAt({ ...at, day: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              error={errors.day !== undefined}
              helperText={errors.day}
            />
            <TextField
              type="time"
              size="small"
              label={`Time (${schedule.time_zone})`}
              value={at.time}
              onChange={(e) => setAt({ ...at, time: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              error={errors.time !== undefined}
              helperText={errors.time}
            />
          </>
        ) : null}
        <LocalDateTimeField
          label="Hold until (your time, optional)"
          value={holdUntil}
          onChange={setHoldUntil}
          error={errors.hold_until}
          hint={`Default: the schedule's next start or stop; at most ${MAX_OVERRIDE_DAYS} days`}
        />
        <AdminAction reason={SCHEDULER_ADMIN_REASON}>
          {(disabled) => (
            <Button
              variant="outlined"
              onClick={submit}
              loading={add.isPending}
              disabled={disabled || keys.length === 0}
            >
              {action === 'start' ? 'Start' : 'Stop'} {keys.length} resource{keys.length === 1 ? '' : 's'}
            </Button>
          )}
        </AdminAction>
      </Stack>
      {errors.resources ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errors.resources}
        </Alert>
      ) : null}
      {add.isError && Object.keys(errors).length === 0 ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {add.error.message}
        </Alert>
      ) : null}
      {add.isSuccess ? (
        <Alert severity="success" sx={{ mt: 1 }}>
          Queued for {formatInstant(add.data.run_at, schedule.time_zone)}; the scheduler acts on its next tick
          and holds it (an override) until{' '}
          {add.data.hold_until === null
            ? "the schedule's next start or stop"
            : formatInstant(add.data.hold_until, schedule.time_zone)}
          .
        </Alert>
      ) : null}
      {mine.length === 0 ? null : (
        <Stack sx={{ mt: 1 }} aria-label="Recent one-off actions">
          {mine.map((o) => (
            <Typography key={o.id} variant="body2" color="text.secondary">
              {o.action} at {formatInstant(o.run_at, schedule.time_zone)} ·{' '}
              {o.done_at === null ? 'pending' : `done ${formatInstant(o.done_at, schedule.time_zone)}`}
              {o.hold_until === null
                ? ''
                : ` · held until ${formatInstant(o.hold_until, schedule.time_zone)}`}
            </Typography>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
