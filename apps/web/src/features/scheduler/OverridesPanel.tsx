import { workloadResourceKind } from '@finlens/contracts/kubernetes';
import type { OverrideInput, Schedule } from '@finlens/contracts/scheduler';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AdminAction } from '../../components/AdminAction';
import { ApiError } from '../../lib/api-client';
import { useAddOverride } from './api/add-override-mutation';
import { useSelectedWorkloads } from './api/kubernetes-clusters-query';
import { useRemoveOverride } from './api/remove-override-mutation';
import { formatInstant } from './format-instant';
import { LocalDateTimeField } from './LocalDateTimeField';
import { errorsByField, SCHEDULER_ADMIN_REASON } from './scheduler-view';

const EVERY = 'every';

type WorkloadChoice = { value: string; label: string };

/**
 * The workloads an override may name: those the schedule names, and those its label selectors match now (asked
 * of each cluster), each once, as `k8s-<kind>|<cluster id>/<namespace>/<name>`. A selector whose cluster did
 * not answer is reported, not offered.
 */
function useWorkloadChoices(schedule: Schedule): { choices: WorkloadChoice[]; failures: string[] } {
  const selected = useSelectedWorkloads(schedule.workloads);
  const choices = new Map<string, WorkloadChoice>();
  const add = (
    w: { cluster: string; namespace: string; kind: Schedule['workloads'][number]['kind'] },
    name: string,
  ) => {
    const value = `${workloadResourceKind(w.kind)}|${w.cluster}/${w.namespace}/${name}`;
    if (!choices.has(value)) choices.set(value, { value, label: `${w.namespace}/${name} (${w.kind})` });
  };
  for (const w of schedule.workloads) if (w.name !== null) add(w, w.name);
  const failures: string[] = [];
  for (const { target, answer } of selected) {
    if (answer?.isError)
      failures.push(
        `The ${target.kind}s of ${target.namespace} matching ${target.label_selector} could not be listed (${answer.error.message}): they are offered once the cluster answers.`,
      );
    for (const w of answer?.data?.results ?? []) add(target, w.name);
  }
  return { choices: [...choices.values()], failures };
}

/** The browser's local "YYYY-MM-DDTHH:MM" `hours` from now (a datetime-local input's value). */
function localInputValue(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

/** Overrides that expire by themselves: keep running (snooze the stops) or stop now, until a time. */
export function OverridesPanel({ schedule }: { schedule: Schedule }) {
  const add = useAddOverride(schedule.id);
  const remove = useRemoveOverride(schedule.id);
  const [action, setAction] = useState<'keep_running' | 'stop'>('keep_running');
  const [resource, setResource] = useState(EVERY);
  const [until, setUntil] = useState(() => localInputValue(4));
  const workloads = useWorkloadChoices(schedule);
  const errors = add.error instanceof ApiError ? errorsByField(add.error.body) : {};
  const submit = () => {
    const [kind = '', ...id] = resource.split('|');
    add.mutate({
      action,
      resource:
        resource === EVERY
          ? null
          : { kind: kind as NonNullable<OverrideInput['resource']>['kind'], resource_id: id.join('|') },
      until: new Date(until).toISOString(),
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Overrides">
      <Typography variant="h6" component="h2" gutterBottom>
        Overrides
      </Typography>
      {schedule.overrides.length === 0 ? (
        <Typography color="text.secondary">No override: the schedule's hours apply.</Typography>
      ) : (
        <List dense>
          {schedule.overrides.map((o) => (
            <ListItem
              key={o.id}
              secondaryAction={
                <AdminAction reason={SCHEDULER_ADMIN_REASON}>
                  {(disabled) => (
                    <Button
                      size="small"
                      onClick={() => remove.mutate(o.id)}
                      loading={remove.isPending && remove.variables === o.id}
                      disabled={disabled}
                    >
                      End now
                    </Button>
                  )}
                </AdminAction>
              }
            >
              <ListItemText
                primary={`${o.running ? 'Keep running' : 'Stopped'} · ${o.resource?.resource_id ?? 'every resource'}`}
                secondary={`${formatInstant(o.from, schedule.time_zone)} until ${formatInstant(o.until, schedule.time_zone)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label="Override"
          value={action}
          onChange={(e) => setAction(e.target.value as 'keep_running' | 'stop')}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="keep_running">Keep running</MenuItem>
          <MenuItem value="stop">Stop now</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Of"
          value={resource}
          onChange={(e) => setResource(e.target.value)}
          error={errors.resource !== undefined}
          helperText={errors.resource}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value={EVERY}>Every resource</MenuItem>
          {schedule.scheduled_resources.map((r) => (
            <MenuItem key={`${r.kind}|${r.resource_id}`} value={`${r.kind}|${r.resource_id}`}>
              {r.name ?? r.resource_id}
            </MenuItem>
          ))}
          {workloads.choices.map((w) => (
            <MenuItem key={w.value} value={w.value}>
              {w.label}
            </MenuItem>
          ))}
        </TextField>
        <LocalDateTimeField
          label="Until (your time)"
          value={until}
          onChange={setUntil}
          error={errors.until}
        />
        <AdminAction reason={SCHEDULER_ADMIN_REASON}>
          {(disabled) => (
            <Button
              variant="outlined"
              onClick={submit}
              loading={add.isPending}
              disabled={disabled || until === ''}
            >
              Add override
            </Button>
          )}
        </AdminAction>
      </Stack>
      {workloads.failures.map((text) => (
        <Alert key={text} severity="warning" sx={{ mt: 1 }}>
          {text}
        </Alert>
      ))}
      {add.isError && Object.keys(errors).length === 0 ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {add.error.message}
        </Alert>
      ) : null}
    </Paper>
  );
}
