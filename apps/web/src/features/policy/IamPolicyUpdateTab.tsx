import type { PolicyData } from '@finlens/contracts/policy';
import { formatUtcDate } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdminAction } from '../../components/AdminAction';
import { BarsLoader } from '../../components/BarsLoader';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { useAcceptPolicyMutation } from './api/accept-policy-mutation';
import { usePolicyVersion } from './api/policy-version-query';
import { PolicyChanges } from './components/PolicyChanges';

type Project = PolicyData['projects'][number];
const ADMIN_ONLY = 'Only admins can accept policy updates.';

const acceptedText = (project: Project) =>
  project.accepted_version === null
    ? 'Never'
    : `${project.accepted_version} (${formatUtcDate(project.accepted_at, 'usDate')})`;

/** "Up to date", or what accepting the latest version adds and removes. */
function changesText(project: Project): string {
  const { added, removed } = project.changes;
  if (project.up_to_date) return 'Up to date';
  return (
    [added.length > 0 ? `${added.length} added` : '', removed.length > 0 ? `${removed.length} removed` : '']
      .filter(Boolean)
      .join(', ') || 'Update needed'
  );
}

/** Settings tab IAM Policy Update: the latest policy, what changed for each project, accept per project or all. */
export function IamPolicyUpdateTab() {
  const policy = usePolicyVersion();
  const accept = useAcceptPolicyMutation();
  const acceptFor = (projectId: string) => accept.mutate({ project_id: projectId, accepted: true });
  const pendingFor = (projectId: string) => accept.isPending && accept.variables?.project_id === projectId;

  const columns: SimpleColumn<Project>[] = [
    { label: 'Project', render: (project) => project.project_name },
    { label: 'Accepted', render: acceptedText },
    {
      label: 'Changes',
      render: (project) => (
        <Chip
          size="small"
          variant="outlined"
          label={changesText(project)}
          color={project.up_to_date ? 'success' : 'warning'}
        />
      ),
    },
    {
      label: 'Actions',
      render: (project) =>
        project.up_to_date ? null : (
          <AdminAction reason={ADMIN_ONLY}>
            {(disabled) => (
              <Button
                size="small"
                disabled={disabled || accept.isPending}
                loading={pendingFor(project.project_id)}
                aria-label={`Accept for ${project.project_name}`}
                onClick={() => acceptFor(project.project_id)}
              >
                Accept
              </Button>
            )}
          </AdminAction>
        ),
    },
  ];

  return (
    <Box sx={{ pt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          IAM Policy Update
        </Typography>
        {policy.isSuccess && !policy.data.accepted ? (
          <AdminAction reason={ADMIN_ONLY}>
            {(disabled) => (
              <Button
                variant="contained"
                disabled={disabled || accept.isPending}
                loading={pendingFor('all')}
                onClick={() => acceptFor('all')}
              >
                Accept for all projects
              </Button>
            )}
          </AdminAction>
        ) : null}
      </Stack>
      {policy.isPending ? <BarsLoader /> : null}
      {policy.isError ? <Alert severity="error">{policy.error.message}</Alert> : null}
      {accept.isError ? <Alert severity="error">{accept.error.message}</Alert> : null}
      {policy.isSuccess ? (
        <>
          <Typography sx={{ mb: 1 }}>
            {`Latest IAM policy: ${policy.data.latest.version}, released ${formatUtcDate(policy.data.latest.released_at, 'usDate')}. ${policy.data.latest.summary}`}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {policy.data.accepted
              ? 'Every project has accepted the latest policy.'
              : 'Redeploy the CloudFormation or Terraform template of each account (Settings → AWS Accounts) so its role grants the added actions, then accept the update here.'}
          </Typography>
          <SimpleTable
            label="Project policies"
            columns={columns}
            rows={policy.data.projects}
            rowKey={(project) => project.project_id}
          />
          <PolicyChanges policy={policy.data} />
        </>
      ) : null}
    </Box>
  );
}
