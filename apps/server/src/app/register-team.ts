import { createTeamRepo } from '../features/team/team.repo';
import { teamRoutes } from '../features/team/team.routes';
import { createTeamService } from '../features/team/team.service';
import type { App } from '../platform/http/app';
import type { IdentityKit } from './identity-kit';

/** The team service; the account flows use it too (a set-password link accepts an invitation). */
export function teamServiceFor(identity: IdentityKit) {
  return createTeamService({
    repo: createTeamRepo({ db: identity.db }),
    mailer: identity.accountMailer,
    audit: identity.audit,
    publicUrl: identity.config.publicUrl,
  });
}

/** The client's members and invitations. */
export async function registerTeam(app: App, identity: IdentityKit): Promise<void> {
  await app.register(teamRoutes, { teamService: teamServiceFor(identity) });
}
