import { z } from 'zod';
import { clientScopeOf } from '../../platform/auth/request-auth';
import type { ShowbackCaller } from './showback-context';

/** The showback caller of a request: active client, user and role. */
export function showbackCallerOf(request: Parameters<typeof clientScopeOf>[0]): ShowbackCaller {
  const { auth, clientId } = clientScopeOf(request);
  return { clientId, userId: auth.user.id, role: auth.role };
}

export const idParams = z.object({ id: z.string().min(1) });
export const tags = ['showbacks'];
export const read = { access: 'verified' } as const;
export const write = { access: 'admin' } as const;

/** Route options of a per-showback route: its access, the :id params and the rest of the schema. */
export function onShowback<C extends typeof read | typeof write, S extends object>(config: C, schema: S) {
  return { config, schema: { tags, params: idParams, ...schema } };
}
