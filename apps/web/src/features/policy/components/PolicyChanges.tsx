import type { PolicyAction, PolicyData } from '@finlens/contracts/policy';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type Project = PolicyData['projects'][number];

/** Projects that accepted the same version share their changes: one group per accepted version. */
function byAcceptedVersion(projects: readonly Project[]): Project[][] {
  const groups = new Map<string | null, Project[]>();
  for (const project of projects) {
    if (project.up_to_date) continue;
    groups.set(project.accepted_version, [...(groups.get(project.accepted_version) ?? []), project]);
  }
  return [...groups.values()];
}

function ActionList({ title, actions }: { title: string; actions: readonly PolicyAction[] }) {
  if (actions.length === 0) return null;
  const policies = [...new Set(actions.map((a) => a.policy))];
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">{title}</Typography>
      {policies.map((policy) => {
        const ofPolicy = actions.filter((a) => a.policy === policy);
        return (
          <Typography key={policy} variant="body2" component="div">
            <strong>{policy}</strong>
            {ofPolicy[0]?.optional ? ' (only where you allow actions)' : ''}:{' '}
            <code>{ofPolicy.map((a) => a.action).join(', ')}</code>
          </Typography>
        );
      })}
    </Stack>
  );
}

/** What the latest version adds and removes since each accepted version, per role policy of the templates. */
export function PolicyChanges({ policy }: { policy: PolicyData }) {
  const groups = byAcceptedVersion(policy.projects);
  if (groups.length === 0) return null;
  return (
    <Stack sx={{ mt: 2 }}>
      {groups.map((projects) => {
        const first = projects[0];
        if (first === undefined) return null;
        const since = first.accepted_version === null ? 'never accepted' : `since ${first.accepted_version}`;
        const { added, removed } = first.changes;
        return (
          <Accordion key={first.accepted_version ?? 'none'} disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography>
                {`Changes ${since} (${projects.map((p) => p.project_name).join(', ')}): ${added.length} added, ${removed.length} removed`}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Stack spacing={1.5}>
                <ActionList title="Added" actions={added} />
                <ActionList title="Removed" actions={removed} />
              </Stack>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Stack>
  );
}
