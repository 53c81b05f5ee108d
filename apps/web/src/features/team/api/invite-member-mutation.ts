import { type InviteMemberRequest, TEAM_PATHS, teamInvitationSchema } from '@finlens/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** POST /c/team/members/ (admin) — a pending invitation; the address joins only when it accepts. */
export function useInviteMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMemberRequest) =>
      apiRequest(TEAM_PATHS.members, teamInvitationSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
