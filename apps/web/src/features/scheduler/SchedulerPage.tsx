import type { Schedule } from '@finlens/contracts/scheduler';
import { formatMoney } from '@finlens/cost-model/format';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AdminAction } from '../../components/AdminAction';
import { BarsLoader } from '../../components/BarsLoader';
import { DataGrid } from '../../components/DataGrid';
import { useSchedules } from './api/schedules-query';
import { formatInstant } from './format-instant';
import { editPath, SCHEDULER_ADMIN_REASON, schedulePath } from './scheduler-view';

/** A money cell, or what to say when the figure is missing (null). */
export const moneyOr =
  (missing: string) =>
  ({ value }: { value: unknown }) =>
    value === null || value === undefined ? missing : formatMoney(Number(value));

/** The schedule list's columns (the Container Scheduler reuses them for workload schedules). */
export const SCHEDULE_COLUMNS: ColDef<Schedule>[] = [
  {
    field: 'schedule_name',
    headerName: 'Name',
    minWidth: 150,
    flex: 1,
    cellRenderer: ({ data }: { data?: Schedule }) =>
      data ? (
        <Link component={RouterLink} to={schedulePath(data.id)}>
          {data.schedule_name}
        </Link>
      ) : null,
  },
  {
    colId: 'resources',
    headerName: 'Resources',
    width: 130,
    valueGetter: ({ data }) => data?.scheduled_resources.length ?? 0,
    type: 'rightAligned',
    filter: 'agNumberColumnFilter',
  },
  { field: 'time_zone', headerName: 'Time zone', width: 140 },
  {
    colId: 'enabled',
    headerName: 'Enabled',
    width: 110,
    valueGetter: ({ data }) => (data?.enabled ? 'Yes' : 'No'),
  },
  { field: 'desired_state', headerName: 'Now', width: 110 },
  {
    colId: 'next_action',
    headerName: 'Next change',
    minWidth: 170,
    width: 180,
    valueGetter: ({ data }) => data?.next_action?.at ?? '',
    valueFormatter: ({ data }) =>
      data?.next_action
        ? `${data.next_action.action} ${formatInstant(data.next_action.at, data.time_zone)}`
        : '—',
  },
  {
    colId: 'saving',
    headerName: 'Estimated monthly saving',
    width: 150,
    valueGetter: ({ data }) => data?.estimated_monthly_saving ?? null,
    valueFormatter: moneyOr('No bill yet'),
    type: 'rightAligned',
    filter: 'agNumberColumnFilter',
    sort: 'desc',
  },
  {
    colId: 'realised',
    headerName: 'Realised monthly saving',
    width: 150,
    valueGetter: ({ data }) => data?.realised_monthly_saving ?? null,
    valueFormatter: moneyOr('Not verified yet'),
    type: 'rightAligned',
    filter: 'agNumberColumnFilter',
  },
];

/** Spec §2 /v3/essentials/scheduler/: the schedules, their resources, next change and estimated saving. */
export function SchedulerPage() {
  const schedules = useSchedules();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const all = schedules.data?.results ?? [];
  const needle = search.trim().toLowerCase();
  const rows =
    needle === ''
      ? all
      : all.filter((s) =>
          [
            s.schedule_name,
            s.time_zone,
            s.target ?? '',
            ...s.scheduled_resources.map((r) => r.resource_id),
          ].some((text) => text.toLowerCase().includes(needle)),
        );
  const saving = all.reduce((sum, s) => sum + (s.estimated_monthly_saving ?? 0), 0);
  const realised = all.reduce((sum, s) => sum + (s.realised_monthly_saving ?? 0), 0);
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Resource Scheduler
        </Typography>
        <AdminAction reason={SCHEDULER_ADMIN_REASON}>
          {(disabled) => (
            <Button
              variant="contained"
              startIcon={<Add />}
              component={RouterLink}
              to={editPath(null)}
              disabled={disabled}
            >
              New schedule
            </Button>
          )}
        </AdminAction>
      </Stack>
      {schedules.isError ? (
        <Alert severity="error">{schedules.error.message}</Alert>
      ) : schedules.isPending ? (
        <BarsLoader label="Loading schedules" />
      ) : all.length === 0 ? (
        <NoSchedules />
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap aria-label="Summary">
            <Figure
              label="Schedules"
              value={`${all.filter((s) => s.enabled).length} enabled of ${all.length}`}
            />
            <Figure
              label="Resources scheduled"
              value={String(all.reduce((n, s) => n + s.scheduled_resources.length, 0))}
            />
            <Figure label="Estimated monthly saving" value={formatMoney(saving)} />
            <Figure label="Realised monthly saving" value={formatMoney(realised)} />
          </Stack>
          <TextField
            size="small"
            label="Search schedules"
            placeholder="Name, zone or resource id"
            value={search}
            onChange={(e) => {
              const next = new URLSearchParams(params);
              if (e.target.value === '') next.delete('q');
              else next.set('q', e.target.value);
              setParams(next, { replace: true });
            }}
            sx={{ mb: 1, minWidth: 280 }}
          />
          <DataGrid<Schedule>
            label="Schedules"
            rows={rows}
            columns={SCHEDULE_COLUMNS}
            csvFileName="schedules"
            getRowId={({ data }) => data.id}
          />
        </>
      )}
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, minWidth: 180 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

/** How to start: what a schedule does and what it needs. */
function NoSchedules() {
  return (
    <Alert
      severity="info"
      action={
        <AdminAction reason={SCHEDULER_ADMIN_REASON}>
          {(disabled) => (
            <Button component={RouterLink} to={editPath(null)} size="small" disabled={disabled}>
              New schedule
            </Button>
          )}
        </AdminAction>
      }
    >
      No schedules yet. A schedule stops non-production EC2 instances, RDS databases, EKS node groups and Auto
      Scaling groups outside the hours you paint on a weekly grid, and shows what it saves before you save it.
      Start with New schedule: pick a project whose inventory has been collected (Settings → Cloud Accounts),
      paint the running hours or take a preset, and choose resources by id or by tag.
    </Alert>
  );
}
