import type { TeamMembersQuery } from '@finlens/contracts/team';

/** Query keys of the Team Members tab; mutations invalidate `all`. */
export const teamKeys = {
  all: ['team'] as const,
  members: (role: NonNullable<TeamMembersQuery['role']>) => [...teamKeys.all, 'members', role] as const,
  invitations: () => [...teamKeys.all, 'invitations'] as const,
};
