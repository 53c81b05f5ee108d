import { cloudAccountSchema } from '@finlens/contracts/cloud-accounts';
import { COST_EXPLORER_PATHS } from '@finlens/contracts/cost-explorer';
import { COST_SUMMARY_PATHS } from '@finlens/contracts/cost-summary';
import { COST_TARGET_PATHS } from '@finlens/contracts/cost-targets';
import { INSIGHTS_PATH } from '@finlens/contracts/insights';
import { REPORT_PATHS } from '@finlens/contracts/reports';
import { SEARCH_PATHS } from '@finlens/contracts/search';
import { SHOWBACK_PATHS } from '@finlens/contracts/showbacks';
import { TAG_EXPLORER_PATHS } from '@finlens/contracts/tag-explorer';
import { beforeAll, describe, expect, it } from 'vitest';
import { AWS_TEST_SETTINGS } from './billing-client';
import type { HttpSession } from './http-session';
import { signUpVerified, useServerWithMail } from './identity-fixtures';

/**
 * The one cost scope, feature by feature: a project id of another client and an unknown one are the same 404
 * on every call that takes project ids, and a create or update carrying one stores nothing.
 */
const context = useServerWithMail();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const RANGE = { start_date: day(-7), end_date: day(-1) };
const at = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;
const byId = (path: string, id: string) => path.replace(':id', id);

let session: HttpSession;
let own: string;
let foreign: string;
const UNKNOWN = 'no-such-project';

async function clientWithProject(label: string) {
  const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label });
  const created = await admin.session.post('/c/cloud_accounts/', {
    name: 'Payer',
    settings: AWS_TEST_SETTINGS,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { session: admin.session, projectId: cloudAccountSchema.parse(created.body).id };
}

beforeAll(async () => {
  const a = await clientWithProject('scope-a');
  const b = await clientWithProject('scope-b');
  session = a.session;
  own = a.projectId;
  foreign = b.projectId;
}, 120_000);

/** Each read that takes project ids, as the URL that asks for `ids`. */
const READS: [string, (ids: string) => string][] = [
  [
    'Explorer dimension_daily_cost',
    (ids) => at(COST_EXPLORER_PATHS.dimensionDailyCost, { ...RANGE, project_ids: ids }),
  ],
  [
    'Explorer dimension_values',
    (ids) => at(COST_EXPLORER_PATHS.dimensionValues, { dimension: 'line_item_operation', project_ids: ids }),
  ],
  [
    'Explorer dimension_keys',
    (ids) => at(COST_EXPLORER_PATHS.dimensionKeys, { dimension: 'tag_keys', project_ids: ids }),
  ],
  ['Tag explorer rows', (ids) => at(TAG_EXPLORER_PATHS.rows, { project_ids: ids })],
  ['Tag explorer values', (ids) => at(TAG_EXPLORER_PATHS.values, { key: 'user_team', project_ids: ids })],
  ['Tag explorer untagged', (ids) => at(TAG_EXPLORER_PATHS.untagged, { project_ids: ids })],
  ['Tag policy violations', (ids) => at(TAG_EXPLORER_PATHS.violations, { project_ids: ids })],
  ['Insights', (ids) => at(INSIGHTS_PATH, { ...RANGE, project_ids: ids })],
  ['Cost summary (home)', (ids) => at(COST_SUMMARY_PATHS.costSummary, { project_ids: ids })],
  ['Search', (ids) => at(SEARCH_PATHS.query, { filters: JSON.stringify({ 'project.id': ids.split(',') }) })],
];

describe('reads: an unknown or foreign project id is a 404', () => {
  it.each(READS)('%s', async (_feature, url) => {
    const mine = await session.get(url(own));
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const unknown = await session.get(url(UNKNOWN));
    expect(unknown.status).toBe(404);
    for (const ids of [foreign, `${own},${foreign}`]) {
      const theirs = await session.get(url(ids));
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(unknown.body);
    }
  });
});

interface Write {
  list: string;
  one: string;
  create: (projectIds: string[]) => object;
  update: (projectIds: string[]) => object;
}

const WRITES: [string, Write][] = [
  [
    'Reports',
    {
      list: REPORT_PATHS.list,
      one: REPORT_PATHS.byId,
      create: (project_ids) => ({ name: 'Scoped', query: { ...RANGE, project_ids } }),
      update: (project_ids) => ({ query: { ...RANGE, project_ids } }),
    },
  ],
  [
    'Cost targets',
    {
      list: COST_TARGET_PATHS.targets,
      one: COST_TARGET_PATHS.target,
      create: (project_ids) => ({
        name: 'Scoped',
        scope: { filters: [], project_ids },
        period: 'MONTHLY',
        start_date: `${day(0).slice(0, 7)}-01`,
        budget_type: 'top_down',
        amount: 100,
      }),
      update: (project_ids) => ({ scope: { filters: [], project_ids } }),
    },
  ],
  [
    'Showbacks',
    {
      list: SHOWBACK_PATHS.list,
      one: SHOWBACK_PATHS.one,
      create: (project_ids) => ({ name: 'Scoped', tag_keys: ['user_team'], project_ids }),
      update: (project_ids) => ({ project_ids }),
    },
  ],
];

describe('writes: an unknown or foreign project id is a 404 and nothing is stored', () => {
  it.each(WRITES)('%s', async (_feature, write) => {
    const before = (await session.get(write.list)).body;
    for (const ids of [[UNKNOWN], [foreign], [own, foreign]]) {
      expect((await session.post(write.list, write.create(ids))).status).toBe(404);
    }
    expect((await session.get(write.list)).body).toEqual(before);

    const created = await session.post(write.list, write.create([own]));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const path = byId(write.one, (created.body as { id: string }).id);
    const saved = (await session.get(path)).body;
    for (const ids of [[UNKNOWN], [foreign], [own, foreign]]) {
      expect((await session.patch(path, write.update(ids))).status).toBe(404);
    }
    expect((await session.get(path)).body).toEqual(saved);
    expect((await session.delete(path)).status).toBe(204);
  });
});
