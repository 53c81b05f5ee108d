import type { TagPolicy, TagPolicyInput } from '@finlens/contracts/tag-explorer';
import type { Kysely, Selectable } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { TagPoliciesTable } from './tag-explorer.tables';

const json = (list: string[]) => JSON.stringify(list);

/** A stored array: PGlite and pg parse jsonb; a text driver would hand back the JSON string. */
const list = (value: unknown): string[] =>
  (typeof value === 'string' ? JSON.parse(value) : value) as string[];

function toPolicy(row: Selectable<TagPoliciesTable>): TagPolicy {
  return {
    id: row.id,
    name: row.name,
    tag_keys: list(row.tag_keys),
    allowed_values: list(row.allowed_values),
    allowed_pattern: row.allowed_pattern,
    account_ids: list(row.account_ids),
    services: list(row.services),
    enabled: row.enabled,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function columns(input: Partial<TagPolicyInput>) {
  return {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.tag_keys === undefined ? {} : { tag_keys: json(input.tag_keys) }),
    ...(input.allowed_values === undefined ? {} : { allowed_values: json(input.allowed_values) }),
    ...(input.allowed_pattern === undefined ? {} : { allowed_pattern: input.allowed_pattern || null }),
    ...(input.account_ids === undefined ? {} : { account_ids: json(input.account_ids) }),
    ...(input.services === undefined ? {} : { services: json(input.services) }),
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
  };
}

/** A client's tag policies. */
export function createTagExplorerRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async listPolicies(clientId: string): Promise<TagPolicy[]> {
      const rows = await db
        .selectFrom('tag_policies')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toPolicy);
    },

    async getPolicy(clientId: string, id: string): Promise<TagPolicy | null> {
      const row = await db
        .selectFrom('tag_policies')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined ? null : toPolicy(row);
    },

    async createPolicy(clientId: string, input: TagPolicyInput): Promise<TagPolicy> {
      const row = await db
        .insertInto('tag_policies')
        .values({
          client_id: clientId,
          name: input.name,
          tag_keys: json(input.tag_keys),
          allowed_values: json(input.allowed_values),
          allowed_pattern: input.allowed_pattern || null,
          account_ids: json(input.account_ids),
          services: json(input.services),
          enabled: input.enabled,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toPolicy(row);
    },

    async updatePolicy(
      clientId: string,
      id: string,
      patch: Partial<TagPolicyInput>,
    ): Promise<TagPolicy | null> {
      const row = await db
        .updateTable('tag_policies')
        .set({ ...columns(patch), updated_at: new Date() })
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? null : toPolicy(row);
    },

    async deletePolicy(clientId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('tag_policies')
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type TagExplorerRepo = ReturnType<typeof createTagExplorerRepo>;
