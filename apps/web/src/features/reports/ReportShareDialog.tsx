import {
  isCatalogueTimeZone,
  REPORT_VISIBILITIES,
  type Report,
  type ReportSchedule,
  reportScheduleSchema,
  SCHEDULE_FREQUENCIES,
  timeZoneCatalogue,
} from '@finlens/contracts/reports';
import type { TeamMember } from '@finlens/contracts/team';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTeamMembers } from '../team/api/team-members-query';
import { useCreateShareCode } from './api/create-share-code-mutation';
import { useRevokeShareCode } from './api/revoke-share-code-mutation';
import { useSendReport } from './api/send-report-mutation';
import { useUpdateReport } from './api/update-report-mutation';
import { ANALYSIS_PATH, WEEKDAYS } from './report-view';

const VISIBILITY_LABELS: Record<Report['visibility'], string> = {
  private: 'Private (only me)',
  client: 'Shared with my organisation',
};
const FREQUENCY_LABELS = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;
const ZONES = timeZoneCatalogue().flatMap((group) =>
  group.zones.map((zone) => ({ zone, continent: group.continent })),
);

const UTC_ZONE = { zone: 'UTC', continent: 'UTC' };

/** The browser's zone when the catalogue has it, else UTC. */
function defaultZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isCatalogueTimeZone(zone) ? zone : 'UTC';
}

interface ScheduleForm {
  on: boolean;
  frequency: ReportSchedule['frequency'];
  days_of_week: number[];
  day_of_month: number;
  time: string;
  time_zone: string;
  user_ids: string[];
  emails: string[];
}

function formFrom(schedule: ReportSchedule | null): ScheduleForm {
  return {
    on: schedule !== null,
    frequency: schedule?.frequency ?? 'weekly',
    days_of_week: schedule?.days_of_week ?? [1],
    day_of_month: schedule?.day_of_month ?? 1,
    time: schedule?.time ?? '08:00',
    time_zone: schedule?.time_zone ?? defaultZone(),
    user_ids: schedule?.recipients.user_ids ?? [],
    emails: schedule?.recipients.emails ?? [],
  };
}

/** The schedule the form describes (only the fields of its frequency), checked by the contract. */
function scheduleOf(form: ScheduleForm) {
  return reportScheduleSchema.safeParse({
    frequency: form.frequency,
    days_of_week: form.frequency === 'weekly' ? form.days_of_week : [],
    day_of_month: form.frequency === 'monthly' ? form.day_of_month : null,
    time: form.time,
    time_zone: form.time_zone,
    recipients: { user_ids: form.user_ids, emails: form.emails },
  });
}

const memberLabel = (m: TeamMember) => `${`${m.first_name} ${m.last_name}`.trim() || m.email} <${m.email}>`;

/**
 * The share dialog (spec §3 report share options: create, update, manage, send report): who sees the report,
 * its read-only share link (create, copy, revoke), the email schedule and its recipients, and "Send now".
 */
export function ReportShareDialog({ report, onClose }: { report: Report; onClose: () => void }) {
  const [visibility, setVisibility] = useState(report.visibility);
  const [form, setForm] = useState(() => formFrom(report.schedule));
  const [problem, setProblem] = useState<string | null>(null);
  const [shareCode, setShareCode] = useState(report.share_code);
  const [copied, setCopied] = useState(false);
  const members = useTeamMembers('all');
  const update = useUpdateReport();
  const createCode = useCreateShareCode();
  const revokeCode = useRevokeShareCode();
  const send = useSendReport();
  const set = (change: Partial<ScheduleForm>) => setForm((current) => ({ ...current, ...change }));
  const memberById = useMemo(() => new Map((members.data ?? []).map((m) => [m.user_id, m])), [members.data]);
  const shareUrl =
    shareCode === null
      ? null
      : `${window.location.origin}${ANALYSIS_PATH}?share_code=${encodeURIComponent(shareCode)}`;

  const save = () => {
    let schedule: ReportSchedule | null = null;
    if (form.on) {
      const parsed = scheduleOf(form);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return setProblem(issue?.message ?? 'Check the schedule.');
      }
      schedule = parsed.data;
    }
    setProblem(null);
    update.mutate({ id: report.id, body: { visibility, schedule } }, { onSuccess: onClose });
  };
  const sendNow = () => {
    const recipients = { user_ids: form.user_ids, emails: form.emails };
    const any = recipients.user_ids.length + recipients.emails.length > 0;
    send.mutate({ id: report.id, ...(any ? { recipients } : {}) });
  };
  const copy = async () => {
    if (shareUrl === null) return;
    await navigator.clipboard?.writeText(shareUrl);
    setCopied(true);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="share-report-title" fullWidth maxWidth="sm">
      <DialogTitle id="share-report-title">Share "{report.name}"</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Visibility"
            value={visibility}
            onChange={(event) => setVisibility(event.target.value as Report['visibility'])}
          >
            {REPORT_VISIBILITIES.map((v) => (
              <MenuItem key={v} value={v}>
                {VISIBILITY_LABELS[v]}
              </MenuItem>
            ))}
          </TextField>

          <Divider />
          <Typography variant="subtitle1" component="h3">
            Share link
          </Typography>
          <Typography variant="body2" color="text.secondary">
            A read-only link for signed-in users of your organisation; revoking it stops it working.
          </Typography>
          {shareUrl === null ? (
            <Button
              variant="outlined"
              loading={createCode.isPending}
              onClick={() =>
                createCode.mutate(report.id, { onSuccess: (answer) => setShareCode(answer.share_code) })
              }
              sx={{ alignSelf: 'flex-start' }}
            >
              Create share link
            </Button>
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label="Share link"
                value={shareUrl}
                size="small"
                fullWidth
                slotProps={{ htmlInput: { readOnly: true } }}
              />
              <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>
              <Button
                color="error"
                loading={revokeCode.isPending}
                onClick={() =>
                  revokeCode.mutate(report.id, {
                    onSuccess: () => {
                      setShareCode(null);
                      setCopied(false);
                    },
                  })
                }
              >
                Revoke
              </Button>
            </Stack>
          )}
          {createCode.isError ? <Alert severity="error">{createCode.error.message}</Alert> : null}
          {revokeCode.isError ? <Alert severity="error">{revokeCode.error.message}</Alert> : null}

          <Divider />
          <FormControlLabel
            control={<Switch checked={form.on} onChange={(event) => set({ on: event.target.checked })} />}
            label="Send by email on a schedule"
          />
          {form.on ? (
            <Stack spacing={2} role="group" aria-label="Schedule">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  label="Frequency"
                  value={form.frequency}
                  onChange={(event) => set({ frequency: event.target.value as ScheduleForm['frequency'] })}
                  sx={{ minWidth: 140 }}
                >
                  {SCHEDULE_FREQUENCIES.map((f) => (
                    <MenuItem key={f} value={f}>
                      {FREQUENCY_LABELS[f]}
                    </MenuItem>
                  ))}
                </TextField>
                {form.frequency === 'monthly' ? (
                  <TextField
                    select
                    label="Day of the month"
                    value={form.day_of_month}
                    onChange={(event) => set({ day_of_month: Number(event.target.value) })}
                    sx={{ minWidth: 140 }}
                  >
                    {Array.from({ length: 28 }, (_, i) => i + 1).map((d) => (
                      <MenuItem key={d} value={d}>
                        {d}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : null}
                <TextField
                  label="Time"
                  type="time"
                  value={form.time}
                  onChange={(event) => set({ time: event.target.value })}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              {form.frequency === 'weekly' ? (
                <ToggleButtonGroup
                  value={form.days_of_week}
                  onChange={(_, days: number[]) => set({ days_of_week: days })}
                  aria-label="Days of the week"
                  size="small"
                >
                  {WEEKDAYS.map((name, day) => (
                    <ToggleButton key={name} value={day} aria-label={name}>
                      {name}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              ) : null}
              <Autocomplete
                options={ZONES}
                groupBy={(option) => option.continent}
                getOptionLabel={(option) => option.zone}
                isOptionEqualToValue={(a, b) => a.zone === b.zone}
                value={ZONES.find((z) => z.zone === form.time_zone) ?? UTC_ZONE}
                onChange={(_, option) => set({ time_zone: option.zone })}
                disableClearable
                renderInput={(params) => <TextField {...params} label="Time zone" />}
              />
              <Autocomplete
                multiple
                options={[...memberById.keys()]}
                getOptionLabel={(id) => {
                  const m = memberById.get(id);
                  return m ? memberLabel(m) : id;
                }}
                value={form.user_ids}
                onChange={(_, ids) => set({ user_ids: ids })}
                loading={members.isPending}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Users of my organisation"
                    helperText={members.isError ? 'The member list is not available to you.' : ' '}
                  />
                )}
              />
              <Autocomplete
                multiple
                freeSolo
                options={[] as string[]}
                value={form.emails}
                onChange={(_, emails) => set({ emails: emails.map((e) => e.trim()).filter(Boolean) })}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="External email addresses"
                    helperText="Type an address and press Enter."
                  />
                )}
              />
            </Stack>
          ) : null}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          {update.isError ? <Alert severity="error">{update.error.message}</Alert> : null}

          <Divider />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" loading={send.isPending} onClick={sendNow}>
              Send now
            </Button>
            <Typography variant="body2" color="text.secondary">
              To the recipients above, or to you when there are none.
            </Typography>
          </Stack>
          {send.isSuccess ? (
            <Alert severity="success">
              The report is on its way (queued {send.data.slot.slice(0, 16).replace('T', ' ')} UTC).
            </Alert>
          ) : null}
          {send.isError ? <Alert severity="error">{send.error.message}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={update.isPending} onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
