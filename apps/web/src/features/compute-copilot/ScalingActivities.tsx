import type { AsgGroup, ScalingActivity } from '@finlens/contracts/compute-copilot';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { useAsgActivities } from './api/compute-copilot-query';
import { Section } from './copilot-kit';

const STATUS_COLOURS: Record<string, 'success' | 'error' | 'warning' | 'default'> = {
  Successful: 'success',
  Failed: 'error',
  Cancelled: 'warning',
};

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

const COLUMNS: SimpleColumn<ScalingActivity>[] = [
  { label: 'Started (UTC)', render: (a) => when(a.start_time) },
  {
    label: 'Status',
    render: (a) => <Chip size="small" label={a.status} color={STATUS_COLOURS[a.status] ?? 'default'} />,
  },
  {
    label: 'Activity',
    render: (a) => (
      <>
        {a.description}
        {a.status_message ? (
          <Typography variant="body2" color="error">
            {a.status_message}
          </Typography>
        ) : null}
      </>
    ),
  },
  { label: 'Cause', render: (a) => a.cause },
];

/** The group's newest scaling activities, read live from its account (AWS DescribeScalingActivities). */
export function ScalingActivities({ group }: { group: AsgGroup }) {
  const query = useAsgActivities({
    project_id: group.project_id,
    account_id: group.account_id,
    region: group.region,
    name: group.name,
  });
  return (
    <Section title="Scaling activities">
      {query.isPending ? <LinearProgress aria-label="Loading scaling activities" /> : null}
      {query.error ? (
        <Alert severity="error">Scaling activities could not be read: {query.error.message}</Alert>
      ) : null}
      {query.data && !query.data.available ? (
        <Alert severity="info">Scaling activities are not available: {query.data.reason}</Alert>
      ) : null}
      {query.data?.available && query.data.activities.length === 0 ? (
        <Typography color="text.secondary">No scaling activity in the last six weeks.</Typography>
      ) : null}
      {query.data?.available && query.data.activities.length > 0 ? (
        <SimpleTable
          label="Scaling activities"
          columns={COLUMNS}
          rows={query.data.activities}
          rowKey={(a) => a.id}
        />
      ) : null}
    </Section>
  );
}
