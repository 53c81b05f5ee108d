import { z } from 'zod';

export const idParams = z.object({ id: z.string().min(1) });
export const tags = ['showbacks'];
export const read = { access: 'verified' } as const;
export const write = { access: 'admin' } as const;

/** Route options of a per-showback route: its access, the :id params and the rest of the schema. */
export function onShowback<C extends typeof read | typeof write, S extends object>(config: C, schema: S) {
  return { config, schema: { tags, params: idParams, ...schema } };
}
