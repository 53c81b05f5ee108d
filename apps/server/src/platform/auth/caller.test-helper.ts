import type { ClientCaller } from './caller';

/** A signed-in admin of `clientId` (override any field), for service tests that need the one Caller. */
export function testCaller(clientId: string, overrides: Partial<ClientCaller> = {}): ClientCaller {
  const userId = overrides.user?.id ?? `user-of-${clientId}`;
  return {
    user: {
      id: userId,
      email: `${userId}@example.com`,
      firstName: 'Test',
      lastName: 'User',
      profilePicture: null,
      emailVerified: true,
    },
    client: { id: clientId, name: 'Test client', partnerId: null, isRbacEnabled: false },
    clientId,
    role: 'admin',
    internal: false,
    isPartnerUser: false,
    partnerUserRole: null,
    partnerId: null,
    restricted: false,
    via: 'session',
    sessionId: null,
    ...overrides,
  };
}
