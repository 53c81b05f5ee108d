import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costScopesOver } from '../../warehouse/cost-scope';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { createShowbackResourceValues } from './showback-resource-values';
import type { ShowbackConfig } from './showbacks.repo';

const CLIENT = 'client-rv';
const PROJECT = 'project-rv';
const OTHER = 'project-other';

let dir: string;
let store: DuckDbCostStore;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** One line a day: resource, service, its `team` tag (or none) and cost. */
async function line(project: string, resource: string, service: string, team: string | null, cost: number) {
  const tags = team === null ? 'MAP([]::VARCHAR[], []::VARCHAR[])' : `MAP(['team'], [${quote(team)}])`;
  await store.connection.run(
    `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicename, product_region_code, resource_tags, line_item_resource_id, line_item_unblended_cost, line_item_amortized_cost) VALUES (${quote(CLIENT)}, ${quote(project)}, DATE '2026-11-01', TIMESTAMP '2026-11-10 05:00:00', ${quote(service)}, 'us-east-1', ${tags}, ${quote(resource)}, ${cost}, ${cost})`,
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-showback-values-'));
  store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
  await store.init();
  await line(PROJECT, 'i-web', 'Amazon Elastic Compute Cloud', 'web', 5);
  await line(PROJECT, 'i-web', 'Amazon Elastic Compute Cloud', 'web-canary', 1);
  await line(PROJECT, 'vol-untagged', 'Amazon Elastic Compute Cloud', null, 2);
  await line(PROJECT, 'arn:aws:rds:us-east-1:111:db:orders', 'Amazon Relational Database Service', null, 3);
  await line(PROJECT, 'i-legacy', 'Amazon Elastic Compute Cloud', 'legacy', 4);
  await line(PROJECT, 'nat-shared', 'Amazon Virtual Private Cloud', null, 6);
  await line(OTHER, 'i-other', 'Amazon Elastic Compute Cloud', 'web', 7);
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

const showback = (id: string, over: Partial<ShowbackConfig['showback']> = {}) => ({
  id,
  client_id: CLIENT,
  name: id === 'teams' ? 'Teams' : 'Other',
  tag_keys: ['team'],
  allocation_tag_type: 'tag' as const,
  project_ids: null,
  is_active: true,
  created_at: new Date(),
  updated_at: new Date(),
  ...over,
});

const rule = (id: string, kind: 'assign' | 'share', target: string | null, services: string[]) => ({
  id,
  showback_id: 'teams',
  position: id === 'rds' ? 0 : 1,
  name: id,
  kind,
  target_value: target,
  split_method: kind === 'share' ? ('even' as const) : null,
  created_at: new Date(),
  splits: kind === 'share' ? [{ value: 'web', percent: null }] : [],
  filters: [
    {
      id: `${id}-f`,
      filter: { dimension: 'product_servicename' as const, mode: 'include' as const, values: services },
    },
  ],
});

function values(configs: ShowbackConfig[]) {
  const scopes = costScopesOver(async () => [
    { id: PROJECT, name: 'Main', cloudType: 'aws' as const },
    { id: OTHER, name: 'Other', cloudType: 'aws' as const },
  ]);
  return createShowbackResourceValues({
    repo: {
      list: async (clientId) => (clientId === CLIENT ? configs.map((c) => c.showback) : []),
      config: async (_clientId, id) => configs.find((c) => c.showback.id === id) ?? null,
    },
    scopes,
    warehouse: store,
  }).valuesByResource(CLIENT, PROJECT, { from: '2026-11-01', to: '2026-11-30' });
}

describe('the showback values of a project’s resources', () => {
  it('puts each resource in the values its cost lands on: tags, combined values and assign rules', async () => {
    const teams: ShowbackConfig = {
      showback: showback('teams'),
      combined: [{ id: 'c1', name: 'web', combined_values: ['web-canary'] }],
      hidden: ['legacy'],
      rules: [
        rule('rds', 'assign', 'data', ['Amazon Relational Database Service']),
        rule('net', 'share', null, ['Amazon Virtual Private Cloud']),
      ],
    };
    const found = await values([teams]);
    const named = (id: string) => found.get(id)?.map((v) => `${v.showback_name}: ${v.value}`);
    // Both of i-web's tags end in "web" (canary is combined into it): one value, not two.
    expect(named('i-web')).toEqual(['Teams: web']);
    expect(named('arn:aws:rds:us-east-1:111:db:orders')).toEqual(['Teams: data']);
    expect(found.get('i-web')?.[0]?.showback_id).toBe('teams');
    // Untagged (Unallocated), a hidden value and a shared pool name no value; another project is not read.
    expect(found.has('vol-untagged')).toBe(false);
    expect(found.has('i-legacy')).toBe(false);
    expect(found.has('nat-shared')).toBe(false);
    expect(found.has('i-other')).toBe(false);
  });

  it('reads only active showbacks that cover the project', async () => {
    const inactive: ShowbackConfig = {
      showback: showback('teams', { is_active: false }),
      combined: [],
      hidden: [],
      rules: [],
    };
    const elsewhere: ShowbackConfig = {
      showback: showback('other', { project_ids: [OTHER] }),
      combined: [],
      hidden: [],
      rules: [],
    };
    expect((await values([inactive, elsewhere])).size).toBe(0);
    const active: ShowbackConfig = { ...inactive, showback: showback('teams') };
    expect((await values([active, elsewhere])).get('i-web')?.map((v) => v.value)).toEqual([
      'web',
      'web-canary',
    ]);
  });
});
