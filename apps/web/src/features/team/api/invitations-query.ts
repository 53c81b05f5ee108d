import { TEAM_PATHS, teamInvitationsSchema } from '@finlens/contracts/team';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** GET /c/team/invitations/ (admin) — invitations nobody has answered yet. */
export function useTeamInvitations(enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.invitations(),
    queryFn: ({ signal }) => apiRequest(TEAM_PATHS.invitations, teamInvitationsSchema, { signal }),
    enabled,
  });
}
