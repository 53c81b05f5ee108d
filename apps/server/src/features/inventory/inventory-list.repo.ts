import type { ResourcesQuery } from '@finlens/contracts/inventory';
import { type Kysely, sql } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { InventoryResourceRow } from './inventory.tables';

const SORT_COLUMNS = {
  name: 'name',
  kind: 'kind',
  region: 'region',
  state: 'state',
  resource_id: 'resource_id',
  first_seen: 'first_seen_at',
  last_seen: 'last_seen_at',
} as const;

/** LIKE pattern matching `text` anywhere, with its own wildcards taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Reads of the stored inventory for lists (the projects come already scoped to the caller). */
export function createInventoryListRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async list(
      projectIds: readonly string[],
      query: Omit<ResourcesQuery, 'project_ids'>,
    ): Promise<{ count: number; rows: InventoryResourceRow[] }> {
      if (projectIds.length === 0) return { count: 0, rows: [] };
      let base = db.selectFrom('inventory_resources').where('project_id', 'in', [...projectIds]);
      if (query.region !== undefined) base = base.where('region', '=', query.region);
      if (query.kind !== undefined) base = base.where('kind', '=', query.kind);
      if (query.state !== undefined) base = base.where('state', '=', query.state.toLowerCase());
      if (query.search !== undefined && query.search !== '') {
        const pattern = containing(query.search);
        base = base.where((eb) =>
          eb.or([
            eb(sql`lower(resource_id)`, 'like', pattern),
            eb(sql`lower(coalesce(name, ''))`, 'like', pattern),
            eb(sql`lower((resource -> 'tags')::text)`, 'like', pattern),
          ]),
        );
      }
      const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
      const column = SORT_COLUMNS[query.sort];
      const rows = await base
        .selectAll()
        .orderBy(column, (ob) => (query.order === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsLast()))
        .orderBy('resource_id')
        .orderBy('region')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute();
      return { count: Number(counted?.n ?? 0), rows };
    },
  };
}

export type InventoryListRepo = ReturnType<typeof createInventoryListRepo>;
