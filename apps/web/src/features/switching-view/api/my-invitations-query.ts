import { myInvitationsSchema, TEAM_PATHS } from '@finlens/contracts/team';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { switchingViewKeys } from './keys';

/** GET /c/invitations/ — the signed-in user's invitations nobody has answered yet. */
export function useMyInvitations() {
  return useQuery({
    queryKey: switchingViewKeys.invitations(),
    queryFn: ({ signal }) => apiRequest(TEAM_PATHS.mine, myInvitationsSchema, { signal }),
  });
}
