import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { costQuerySchema } from '@finlens/contracts/cost-query';
import { resourceTagKey } from '@finlens/cost-model/billing-column-names';
import { describe, expect, it } from 'vitest';
import { CUR2_TEST_COLUMNS, importPath, tempWarehouse } from '../import-file.test-helper';
import { resourceTagKeySql } from './aws-cur-mapping';

const warehouse = tempWarehouse('finlens-cur2-tags-');

const HEADER = [...CUR2_TEST_COLUMNS, 'tags'];
/** Three rows: two teams and a row without resource tags (account tag and cost category only). */
const ROWS: [string, number, string, Record<string, string>][] = [
  [
    '2025-04-01T00:00:00Z',
    1.25,
    'i-1',
    {
      'resourceTags/user:Team': 'web',
      'resourceTags/user:CostCenter': 'cc1',
      'accountTag/owner': 'ops',
      'costCategory/Unit': 'retail',
    },
  ],
  [
    '2025-04-01T01:00:00Z',
    2.5,
    'i-2',
    {
      'resourceTags/user:Team': 'data',
      'resourceTags/aws:createdBy': 'root',
      'resourceTags/user:team': 'ignored',
      'userAttribute/email': 'a@b.c',
    },
  ],
  [
    '2025-04-02T00:00:00Z',
    4,
    'i-3',
    { 'accountTag/owner': 'ops', 'costCategory/Unit': 'shared', 'resourceTags/user:Team': '' },
  ],
];

async function query<T>(sql: string): Promise<T[]> {
  return (await warehouse.store.connection.runAndReadAll(sql)).getRowObjectsJson() as T[];
}

/** Totals per user_team and the tag-derived maps of one imported project. */
async function byTeam(projectId: string) {
  return query(
    `SELECT resource_tags['user_team'] AS team, sum(line_item_unblended_cost) AS cost FROM line_items WHERE project_id = '${projectId}' GROUP BY 1 ORDER BY 1 NULLS LAST`,
  );
}

async function maps(projectId: string) {
  return query(
    `SELECT CAST(resource_tags AS VARCHAR) AS tags, CAST(cost_category AS VARCHAR) AS cc, source_extras['accountTag/owner'] AS owner, source_extras['userAttribute/email'] AS email FROM line_items WHERE project_id = '${projectId}' ORDER BY line_item_usage_start_date`,
  );
}

const EXPECTED_MAPS = [
  { tags: '{user_team=web, user_cost_center=cc1}', cc: '{Unit=retail}', owner: 'ops', email: null },
  { tags: '{user_team=data, aws_created_by=root}', cc: '{}', owner: null, email: 'a@b.c' },
  { tags: '{}', cc: '{Unit=shared}', owner: 'ops', email: null },
];
const EXPECTED_TEAMS = [
  { team: 'data', cost: 2.5 },
  { team: 'web', cost: 1.25 },
  { team: null, cost: 4 },
];

describe('CUR 2.0 tags map column (billing-formats §1.3.10)', () => {
  it('the SQL key normalisation equals resourceTagKey', async () => {
    const keys = [
      'user:Team',
      'user:CostCenter',
      'aws:createdBy',
      'parallelcluster:cluster-name',
      'Team',
      'a.b/c d',
    ];
    const sql = keys.map((k, i) => `${resourceTagKeySql(`'${k}'`)} AS k${i}`).join(', ');
    const [row] = await query<Record<string, string>>(`SELECT ${sql}`);
    expect(keys.map((_, i) => row?.[`k${i}`])).toEqual(keys.map(resourceTagKey));
  });

  it('CSV without resource_tags: tags fill resource_tags and cost_category, the whole map is kept, totals unchanged', async () => {
    const folder = await mkdtemp(join(warehouse.dir, 'csv-'));
    const lines = [
      HEADER.join(','),
      ...ROWS.map(([start, cost, id, tags]) =>
        [
          '2025-04-01T00:00:00Z',
          '111111111111',
          'Usage',
          start,
          cost,
          'USD',
          id,
          `"${JSON.stringify(tags).replaceAll('"', '""')}"`,
        ].join(','),
      ),
    ];
    await writeFile(join(folder, 'export-00001.csv'), `${lines.join('\n')}\n`);
    const { staged } = await importPath(warehouse.store, folder, 'tags-csv');
    expect(staged).toMatchObject({ format: 'cur2', rows: 3 });
    expect(await maps('tags-csv')).toEqual(EXPECTED_MAPS);
    expect(await byTeam('tags-csv')).toEqual(EXPECTED_TEAMS);
    const [total] = await warehouse.store.totalsBy({
      projectId: 'tags-csv',
      column: 'line_item_currency_code',
    });
    expect(total).toMatchObject({ group: 'USD', rows: 3 });
    expect(total?.totals.unblended).toBeCloseTo(7.75, 9);
    for (const useRollups of [true, false]) {
      const query = costQuerySchema.parse({
        start_date: '2025-04-01',
        end_date: '2025-04-30',
        granularity: 'month',
        dimension: 'tag_keys',
        dimension_key: 'user_team',
      });
      const answer = await warehouse.store.runCostQuery({
        ...query,
        clientId: 'client',
        projectIds: ['tags-csv'],
        useRollups,
      });
      expect(answer.total).toBeCloseTo(7.75, 9);
      const byKey = Object.fromEntries(answer.series.map((s) => [s.key, s.costs[0]]));
      expect(byKey).toMatchObject({ web: 1.25, data: 2.5 });
    }
  });

  it('Parquet with a MAP tags column; a resource_tags column, when present, wins over tags', async () => {
    const values = ROWS.map(
      ([start, cost, id, tags]) =>
        `(TIMESTAMP '2025-04-01', '111111111111', 'Usage', TIMESTAMP '${start.replace('T', ' ').replace('Z', '')}', ${cost}::DOUBLE, 'USD', '${id}', MAP {${Object.entries(
          tags,
        )
          .map(([k, v]) => `'${k}': '${v}'`)
          .join(', ')}}::MAP(VARCHAR, VARCHAR))`,
    );
    const select = `SELECT * FROM (VALUES ${values.join(', ')}) AS t(${HEADER.join(', ')})`;
    const path = join(warehouse.dir, 'tags.parquet');
    await warehouse.store.connection.run(`COPY (${select}) TO '${path}' (FORMAT parquet)`);
    await importPath(warehouse.store, path, 'tags-parquet');
    expect(await maps('tags-parquet')).toEqual(EXPECTED_MAPS);
    expect(await byTeam('tags-parquet')).toEqual(EXPECTED_TEAMS);

    const both = join(warehouse.dir, 'both.parquet');
    await warehouse.store.connection.run(
      `COPY (SELECT *, MAP {'user_team': 'from-column'} AS resource_tags FROM (${select})) TO '${both}' (FORMAT parquet)`,
    );
    await importPath(warehouse.store, both, 'tags-both');
    expect(await byTeam('tags-both')).toEqual([{ team: 'from-column', cost: 7.75 }]);
  });
});
