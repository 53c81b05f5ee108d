import type { ApiKey, CreatedApiKey } from '@finlens/contracts/api-keys';
import type { ApiKeyRow } from '../../db/tables';
import { generateApiKey } from '../../platform/auth/api-key-auth';
import type { AuditLog } from '../../platform/auth/audit-log';
import type { ClientCaller } from '../../platform/auth/caller';
import { notFound } from '../../platform/http/http-error';
import type { ApiKeysRepo } from './api-keys.repo';

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/** The caller's API keys in the active client; the secret is returned only by create. */
export function createApiKeysService({ repo, audit }: { repo: ApiKeysRepo; audit: AuditLog }) {
  return {
    async list(auth: ClientCaller): Promise<ApiKey[]> {
      const { clientId } = auth;
      return (await repo.list(clientId, auth.user.id)).map(toApiKey);
    },

    async create(auth: ClientCaller, name: string, ip: string): Promise<CreatedApiKey> {
      const { clientId } = auth;
      const generated = generateApiKey();
      const row = await repo.create({ clientId, userId: auth.user.id, name, ...generated });
      await audit.record({
        event: 'api_key_created',
        actorUserId: auth.user.id,
        clientId,
        subject: row.id,
        ip,
      });
      return { ...toApiKey(row), key: generated.key };
    },

    async revoke(auth: ClientCaller, id: string, ip: string): Promise<void> {
      const { clientId } = auth;
      if (!(await repo.revoke(clientId, auth.user.id, id))) throw notFound();
      await audit.record({ event: 'api_key_revoked', actorUserId: auth.user.id, clientId, subject: id, ip });
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
