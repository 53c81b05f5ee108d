import type { PolicyData } from '@finlens/contracts/policy';
import { formatUtcDate } from '@finlens/cost-model/format';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type SimpleColumn, SimpleTable } from '../../../components/SimpleTable';

const COLUMNS: SimpleColumn<PolicyData['projects'][number]>[] = [
  { label: 'Project', render: (project) => project.project_name },
  { label: 'Accepted version', render: (project) => project.accepted_version ?? '-' },
  { label: 'Accepted on', render: (project) => formatUtcDate(project.accepted_at, 'usDate') },
  {
    label: 'State',
    render: (project) => (
      <Chip
        size="small"
        variant="outlined"
        label={project.up_to_date ? 'Up to date' : 'Update needed'}
        color={project.up_to_date ? 'success' : 'warning'}
      />
    ),
  },
];

/** The Policies filter of the Team Members tab: which IAM policy version each project has accepted. */
export function PolicyStatesTable({ policy }: { policy: PolicyData }) {
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {`Latest IAM policy: ${policy.latest.version} (${formatUtcDate(policy.latest.released_at, 'usDate')}). ${policy.latest.summary}`}
      </Typography>
      <SimpleTable
        label="Project policies"
        columns={COLUMNS}
        rows={policy.projects}
        rowKey={(project) => project.project_id}
      />
    </>
  );
}
