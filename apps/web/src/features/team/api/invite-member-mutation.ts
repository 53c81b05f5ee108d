import { type InviteMemberRequest, TEAM_PATHS, teamMemberSchema } from '@finlens/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** POST /c/team/members/ (admin) — invites by email; the invitee sets a password from the emailed link. */
export function useInviteMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMemberRequest) =>
      apiRequest(TEAM_PATHS.members, teamMemberSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
