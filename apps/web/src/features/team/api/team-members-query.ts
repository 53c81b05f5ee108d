import { TEAM_PATHS, type TeamMembersQuery, teamMembersSchema } from '@finlens/contracts/team';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamKeys } from './keys';

type Role = NonNullable<TeamMembersQuery['role']>;

/** GET /c/team/members/?role=all|admin|member — the active client's members. */
export function useTeamMembers(role: Role) {
  return useQuery({
    queryKey: teamKeys.members(role),
    queryFn: ({ signal }) => apiRequest(TEAM_PATHS.members, teamMembersSchema, { query: { role }, signal }),
  });
}
