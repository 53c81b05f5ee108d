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

/** A stored resource reduced to what Resources Cost lists (tags, ARN and a type pulled out of its JSON). */
export type CostViewResource = Omit<InventoryResourceRow, 'resource'> & {
  arn: string | null;
  type: string | null;
  tags: Record<string, string> | null;
};

interface AttachedVolume {
  project_id: string;
  account_id: string;
  region: string;
  volume_id: string;
  instance_id: string;
}

/** The attribute naming a resource's size or flavour, per kind (first present). */
const TYPE_FIELDS = ['instanceType', 'instanceClass', 'volumeType', 'type', 'engine', 'runtime'] as const;

/** Whole-scope reads for Resources Cost: every resource light, one resource whole, a change marker. */
export function createInventoryCostViewRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async resources(projectIds: readonly string[]): Promise<CostViewResource[]> {
      if (projectIds.length === 0) return [];
      const type = sql<string | null>`coalesce(${sql.join(
        TYPE_FIELDS.map((f) => sql`resource ->> ${sql.lit(f)}`),
      )})`;
      return db
        .selectFrom('inventory_resources')
        .select([
          'project_id',
          'account_id',
          'region',
          'kind',
          'resource_id',
          'name',
          'state',
          'first_seen_at',
          'last_seen_at',
          sql<string | null>`resource ->> 'arn'`.as('arn'),
          sql<Record<string, string> | null>`resource -> 'tags'`.as('tags'),
          type.as('type'),
        ])
        .where('project_id', 'in', [...projectIds])
        .execute();
    },

    /** The EBS volumes attached to an instance: they keep billing, under their own ids, while it is stopped. */
    async attachedVolumes(projectIds: readonly string[]): Promise<AttachedVolume[]> {
      if (projectIds.length === 0) return [];
      const rows = await db
        .selectFrom('inventory_resources')
        .select([
          'project_id',
          'account_id',
          'region',
          'resource_id',
          sql<{ kind: string; id: string }[] | null>`resource -> 'attachments'`.as('attachments'),
        ])
        .where('project_id', 'in', [...projectIds])
        .where('kind', '=', 'ebs-volume')
        .execute();
      return rows.flatMap((r) =>
        (r.attachments ?? [])
          .filter((a) => a.kind === 'ec2-instance')
          .map((a) => ({
            project_id: r.project_id,
            account_id: r.account_id,
            region: r.region,
            volume_id: r.resource_id,
            instance_id: a.id,
          })),
      );
    },

    async resource(
      key: Omit<InventoryResourceRow, 'name' | 'state' | 'resource' | 'first_seen_at' | 'last_seen_at'>,
    ) {
      return db
        .selectFrom('inventory_resources')
        .selectAll()
        .where('project_id', '=', key.project_id)
        .where('account_id', '=', key.account_id)
        .where('region', '=', key.region)
        .where('kind', '=', key.kind)
        .where('resource_id', '=', key.resource_id)
        .executeTakeFirst();
    },

    /** Changes whenever a collection run of the projects starts or ends (resources are written by runs). */
    async version(projectIds: readonly string[]): Promise<string> {
      if (projectIds.length === 0) return '';
      const row = await db
        .selectFrom('collection_runs')
        .select((eb) => [
          eb.fn.countAll<string | number>().as('n'),
          sql<Date | string | null>`max(coalesce(finished_at, started_at, queued_at))`.as('at'),
          sql<string | number>`count(finished_at)`.as('done'),
        ])
        .where('project_id', 'in', [...projectIds])
        .executeTakeFirst();
      return `${row?.n}/${row?.done}/${row?.at === null ? '' : new Date(row?.at ?? 0).toISOString()}`;
    },
  };
}

export type InventoryCostViewRepo = ReturnType<typeof createInventoryCostViewRepo>;

export type InventoryListRepo = ReturnType<typeof createInventoryListRepo>;
