import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { ScheduleDetailsPage } from './ScheduleDetailsPage';
import { ScheduleEditorPage } from './ScheduleEditorPage';
import { SCHEDULER_LIST_PATH } from './scheduler-view';

/**
 * Spec §2 /v3/essentials/scheduler-details/:type/:scheduler_id: type 'schedule' shows a schedule, 'edit' its
 * editor ('edit/new' a new one).
 */
export function SchedulerDetailsRoute() {
  const { type = '', scheduler_id: id = '' } = useParams();
  const editing = type === 'edit';
  const title = editing ? (id === 'new' ? 'New schedule' : 'Edit schedule') : 'Scheduler Details';
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Breadcrumbs sx={{ mb: 1 }}>
        <Link component={RouterLink} to={SCHEDULER_LIST_PATH}>
          Resource Scheduler
        </Link>
        <Typography color="text.secondary">{title}</Typography>
      </Breadcrumbs>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {editing ? (
        <ScheduleEditorPage id={id === 'new' ? null : id} />
      ) : type === 'schedule' ? (
        <ScheduleDetailsPage id={id} />
      ) : (
        <Alert severity="warning">
          There is no such scheduler page. Open a schedule from the Resource Scheduler list.
        </Alert>
      )}
    </Box>
  );
}
