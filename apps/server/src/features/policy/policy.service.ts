import type { PolicyData, ProjectPolicyState } from '@finlens/contracts/policy';
import type { PolicyGrants } from '../../integrations/cloud/aws/iam-grants';
import type { ClientCaller } from '../../platform/auth/caller';
import { notFound } from '../../platform/http/http-error';
import type { PolicyRepo } from './policy.repo';
import { policyChanges } from './policy-changes';
import { latestPolicyVersion, POLICY_VERSIONS } from './policy-versions';

type Row = Awaited<ReturnType<PolicyRepo['projectsWithAcceptance']>>[number];

/** One state per project: the newest version it accepted. */
function statesOf(rows: Row[], latest: string, grants: PolicyGrants): ProjectPolicyState[] {
  const byProject = new Map<string, ProjectPolicyState & { releasedAt: number }>();
  for (const row of rows) {
    const current = byProject.get(row.id);
    const releasedAt = row.released_at?.getTime() ?? -1;
    if (current !== undefined && current.releasedAt >= releasedAt) continue;
    byProject.set(row.id, {
      project_id: row.id,
      project_name: row.name,
      accepted_version: row.version,
      accepted_at: row.accepted_at?.toISOString() ?? null,
      up_to_date: row.version === latest,
      changes: policyChanges(row.version, grants),
      releasedAt,
    });
  }
  return [...byProject.values()].map(({ releasedAt: _releasedAt, ...state }) => state);
}

/** The IAM policy version each project of the client has accepted (spec §7 Policy). */
export function createPolicyService({ repo }: { repo: PolicyRepo }) {
  async function data(clientId: string, projectId: string): Promise<PolicyData> {
    const latest = latestPolicyVersion();
    const rows = await repo.projectsWithAcceptance(clientId, projectId === 'all' ? null : projectId);
    // Another client's project is the same 404 as an unknown id.
    if (projectId !== 'all' && rows.length === 0) throw notFound();
    const projects = statesOf(rows, latest.version, latest.grants());
    return {
      latest: { version: latest.version, released_at: latest.released_at, summary: latest.summary },
      projects,
      accepted: projects.every((project) => project.up_to_date),
    };
  }

  return {
    data,
    /** Stores every released version, so acceptances can name it (several processes may do this at once). */
    async releaseVersions(): Promise<void> {
      await repo.addVersions(POLICY_VERSIONS);
    },
    async accept(auth: ClientCaller, projectId: string, accepted: boolean): Promise<PolicyData> {
      const { clientId } = auth;
      const before = await data(clientId, projectId);
      const ids = before.projects.map((project) => project.project_id);
      if (accepted) await repo.accept(ids, before.latest.version, auth.user.id);
      else await repo.withdraw(ids, before.latest.version);
      return data(clientId, projectId);
    },
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
