import type { PersonaName } from '../access-rows';

/** Anonymous 401; every signed-in persona `status` (each acts on their own client). */
export const signedIn = (status: number): Record<PersonaName, number> => ({
  anonymous: 401,
  member: status,
  restricted: status,
  admin: status,
  partner: status,
  otherAdmin: status,
});

/** Admins (the partner persona is admin of its own client) get `status`; members 403. */
export const adminOnly = (status: number): Record<PersonaName, number> => ({
  ...signedIn(status),
  member: 403,
  restricted: 403,
});
