import { createApiKeysRepo } from '../features/api-keys/api-keys.repo';
import { apiKeysRoutes } from '../features/api-keys/api-keys.routes';
import { createApiKeysService } from '../features/api-keys/api-keys.service';
import type { App } from '../platform/http/app';
import type { IdentityKit } from './identity-kit';

/** The user's API keys (the token-key header the auth hook accepts). */
export async function registerApiKeys(
  app: App,
  { db, audit }: Pick<IdentityKit, 'db' | 'audit'>,
): Promise<void> {
  await app.register(apiKeysRoutes, {
    apiKeysService: createApiKeysService({ repo: createApiKeysRepo({ db }), audit }),
  });
}
