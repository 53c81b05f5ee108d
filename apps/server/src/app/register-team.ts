import { createTeamRepo } from '../features/team/team.repo';
import { teamRoutes } from '../features/team/team.routes';
import { createTeamService } from '../features/team/team.service';
import type { App } from '../platform/http/app';
import type { IdentityKit } from './identity-kit';

/** The client's members and invitations. */
export async function registerTeam(app: App, identity: IdentityKit): Promise<void> {
  await app.register(teamRoutes, {
    teamService: createTeamService({
      repo: createTeamRepo({ db: identity.db }),
      tokens: identity.tokens,
      mailer: identity.mailer,
      audit: identity.audit,
      publicUrl: identity.config.publicUrl,
    }),
  });
}
