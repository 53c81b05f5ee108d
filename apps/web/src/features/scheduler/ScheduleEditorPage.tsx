import { timeZoneCatalogue } from '@finlens/contracts/reports';
import type { Schedule } from '@finlens/contracts/scheduler';
import type { WeekPreset } from '@finlens/cost-model/scheduler/week';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AdminAction } from '../../components/AdminAction';
import { BarsLoader } from '../../components/BarsLoader';
import { ApiError } from '../../lib/api-client';
import { useProjectsAws } from '../admin/api/projects-aws-query';
import { useSaveSchedule } from './api/save-schedule-mutation';
import { useSchedule } from './api/schedules-query';
import { projectItems } from './ClusterDialog';
import { EstimatePanel } from './EstimatePanel';
import { HolidaysField } from './HolidaysField';
import { ResourcePicker } from './ResourcePicker';
import {
  draftOf,
  errorsByField,
  inputOf,
  newDraft,
  PRESET_LABELS,
  presetPositions,
  SCHEDULER_ADMIN_REASON,
  SCHEDULER_LIST_PATH,
  type ScheduleDraft,
  schedulePath,
} from './scheduler-view';
import { UsageSuggestion } from './UsageSuggestion';
import { WeekGrid } from './WeekGrid';
import { WorkloadTargetsField } from './WorkloadTargetsField';

const ZONES = timeZoneCatalogue().flatMap((group) => group.zones);

/** The create/edit page of a schedule (spec §3 scheduler form, position-based): /scheduler-details/edit/:id|new. */
export function ScheduleEditorPage({ id }: { id: string | null }) {
  const existing = useSchedule(id);
  const projects = useProjectsAws();
  if (id !== null && existing.isError) return <Alert severity="error">{existing.error.message}</Alert>;
  if ((id !== null && existing.isPending) || projects.isPending)
    return <BarsLoader label="Loading the schedule" />;
  const first = projects.data?.[0]?.id ?? '';
  return (
    <Editor
      id={id}
      initial={existing.data ? draftOf(existing.data) : newDraft(first)}
      existing={existing.data}
    />
  );
}

function Editor({
  id,
  initial,
  existing,
}: {
  id: string | null;
  initial: ScheduleDraft;
  existing?: Schedule;
}) {
  const navigate = useNavigate();
  const projects = useProjectsAws();
  const save = useSaveSchedule(id);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<ScheduleDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };
  const submit = () => {
    save.mutate(inputOf(draft), {
      onSuccess: (saved) => navigate(schedulePath(saved.id)),
      onError: (error) => setErrors(error instanceof ApiError ? errorsByField(error.body) : {}),
    });
  };
  const placed = Object.keys(errors).length > 0;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={3} sx={{ flex: 1, minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <TextField
                label="Schedule name"
                value={draft.schedule_name}
                onChange={(e) => set({ schedule_name: e.target.value })}
                error={errors.schedule_name !== undefined}
                helperText={errors.schedule_name}
                required
              />
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <TextField
                  select
                  label="Project"
                  value={draft.project}
                  onChange={(e) =>
                    set({ project: e.target.value, resources: newDraft('').resources, workloads: [] })
                  }
                  error={errors.project !== undefined}
                  helperText={errors.project ?? 'The cloud account whose resources the schedule acts on'}
                  sx={{ flex: 1 }}
                  disabled={existing !== undefined}
                >
                  {projectItems(projects.data)}
                </TextField>
                <TextField
                  label="Account number (optional)"
                  value={draft.account_number}
                  onChange={(e) => set({ account_number: e.target.value })}
                  error={errors.account_number !== undefined}
                  helperText={errors.account_number ?? 'Limits the schedule to one AWS account'}
                  sx={{ flex: 1 }}
                />
              </Stack>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <Autocomplete
                  options={ZONES}
                  value={draft.time_zone}
                  onChange={(_, zone) => set({ time_zone: zone })}
                  disableClearable
                  sx={{ flex: 1 }}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Time zone"
                      error={errors.time_zone !== undefined}
                      helperText={errors.time_zone ?? 'The grid and the holidays are read in this zone'}
                    />
                  )}
                />
                <TextField
                  label="Target (what it is for)"
                  value={draft.target}
                  onChange={(e) => set({ target: e.target.value })}
                  sx={{ flex: 1 }}
                />
              </Stack>
            </Stack>
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Running hours
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
              {(Object.keys(PRESET_LABELS) as WeekPreset[]).map((preset) => (
                <Button
                  key={preset}
                  size="small"
                  variant="outlined"
                  onClick={() => set({ positions: presetPositions(preset) })}
                >
                  {PRESET_LABELS[preset]}
                </Button>
              ))}
              <Button size="small" onClick={() => set({ positions: [] })}>
                Clear
              </Button>
            </Stack>
            <WeekGrid positions={draft.positions} onChange={(positions) => set({ positions })} />
            {errors.positions === undefined ? null : (
              <Alert severity="error" sx={{ mt: 1 }}>
                {errors.positions}
              </Alert>
            )}
            <UsageSuggestion draft={draft} onSuggest={(positions) => set({ positions })} />
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Resources
            </Typography>
            <ResourcePicker
              projectId={draft.project}
              value={draft.resources}
              onChange={(resources) => set({ resources })}
              error={errors.resources}
            />
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2 }}>
              <TextField
                label="Scheduled by tag key"
                value={draft.scheduled_by_tag_key}
                onChange={(e) => set({ scheduled_by_tag_key: e.target.value })}
                error={errors.scheduled_by_tag_key !== undefined}
                helperText={errors.scheduled_by_tag_key}
                sx={{ flex: 1 }}
              />
              <TextField
                label="Scheduled by tag value"
                value={draft.scheduled_by_tag_value}
                onChange={(e) => set({ scheduled_by_tag_value: e.target.value })}
                error={errors.scheduled_by_tag_value !== undefined}
                helperText={
                  errors.scheduled_by_tag_value ??
                  "With a value, the project's resources tagged key=value are scheduled too"
                }
                sx={{ flex: 1 }}
              />
            </Stack>
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Kubernetes workloads
            </Typography>
            <WorkloadTargetsField
              projectId={draft.project}
              value={draft.workloads}
              onChange={(workloads) => set({ workloads })}
              error={errors.workloads}
            />
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Holidays and options
            </Typography>
            <HolidaysField
              value={draft.holidays}
              onChange={(holidays) => set({ holidays })}
              error={errors.holidays}
              country={draft.holiday_country}
              onCountry={(holiday_country) => set({ holiday_country })}
              countryError={errors.holiday_country}
            />
            <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
              {(
                [
                  ['hibernate', 'Hibernate EC2 instances where supported'],
                  ['enforced', 'Enforced: put back what is started or stopped outside the schedule'],
                  ['enabled', 'Enabled'],
                ] as const
              ).map(([key, label]) => (
                <FormControlLabel
                  key={key}
                  control={<Switch checked={draft[key]} onChange={(e) => set({ [key]: e.target.checked })} />}
                  label={label}
                />
              ))}
            </Stack>
          </Paper>
        </Stack>

        <Stack
          spacing={2}
          sx={{ width: { xs: '100%', lg: 360 }, position: { lg: 'sticky' }, top: { lg: 16 } }}
        >
          <EstimatePanel draft={draft} />
          {save.isError && !placed ? <Alert severity="error">{save.error.message}</Alert> : null}
          {placed ? <Alert severity="error">Check the fields marked in red.</Alert> : null}
          <Stack direction="row" spacing={1}>
            <AdminAction reason={SCHEDULER_ADMIN_REASON}>
              {(disabled) => (
                <Button type="submit" variant="contained" loading={save.isPending} disabled={disabled}>
                  {id === null ? 'Create schedule' : 'Save schedule'}
                </Button>
              )}
            </AdminAction>
            <Button component={RouterLink} to={id === null ? SCHEDULER_LIST_PATH : schedulePath(id)}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Box>
  );
}
