import type { ScheduleAction } from '@finlens/contracts/scheduler';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { DataGrid } from '../../components/DataGrid';
import { useScheduleActions } from './api/schedule-actions-query';

const COLUMNS: ColDef<ScheduleAction>[] = [
  {
    field: 'at',
    headerName: 'When (UTC)',
    minWidth: 180,
    valueFormatter: ({ value }) => String(value).slice(0, 19).replace('T', ' '),
    sort: 'desc',
  },
  { field: 'resource_id', headerName: 'Resource', minWidth: 180 },
  { field: 'action', headerName: 'Action' },
  { field: 'cause', headerName: 'Cause' },
  { field: 'actor', headerName: 'By' },
  { field: 'state_before', headerName: 'Before' },
  { field: 'state_after', headerName: 'After' },
  { field: 'outcome', headerName: 'Outcome' },
];

/**
 * Every action and drift the scheduler logged for the schedule: who or what, before and after, the outcome;
 * `oneOffPending`: a one-off of its resources is queued (the log is asked again every few seconds).
 */
export function ActionLog({ scheduleId, oneOffPending }: { scheduleId: string; oneOffPending: boolean }) {
  const actions = useScheduleActions(scheduleId, oneOffPending);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Action log">
      <Typography variant="h6" component="h2" gutterBottom>
        Action log
      </Typography>
      {actions.isError ? (
        <Alert severity="error">{actions.error.message}</Alert>
      ) : (
        <DataGrid<ScheduleAction>
          label="Actions"
          rows={actions.data?.results ?? []}
          columns={COLUMNS}
          loading={actions.isPending}
          csvFileName="schedule-actions"
          getRowId={({ data }) => data.id}
        />
      )}
    </Paper>
  );
}
