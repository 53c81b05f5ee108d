import type { MembershipRole } from '@finlens/contracts/roles';
import { TEAM_PATHS, teamMemberSchema } from '@finlens/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** PATCH /c/team/members/{user_id}/ (admin) — sets the role; 409 for the last admin. */
export function useUpdateMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MembershipRole }) =>
      apiRequest(TEAM_PATHS.member(userId), teamMemberSchema, { method: 'PATCH', body: { role } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
