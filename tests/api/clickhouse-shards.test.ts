import { tmpdir } from 'node:os';
import { cloudAccountSchema } from '@finlens/contracts/cloud-accounts';
import { COST_EXPLORER_PATHS, dimensionDailyCostResultSchema } from '@finlens/contracts/cost-explorer';
import { healthResponseSchema } from '@finlens/contracts/health';
import { addDays, utcDay } from '@finlens/cost-model/utc-calendar';
import { ConfigError, parseConfig } from '@finlens/server/platform/config';
import { startTestSmtp, type TestSmtp } from '@finlens/server/platform/mail/test-smtp';
import {
  queryClickHouse,
  TEST_CLUSTER,
  useTestClickHouse,
} from '@finlens/server/warehouse/clickhouse/test-clickhouse';
import { openCostStore } from '@finlens/server/warehouse/open-cost-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWS_TEST_SETTINGS } from './billing-client';
import { upload } from './billing-upload';
import { signUpVerified } from './identity-fixtures';
import { startTestServer, type TestServer } from './test-server';

/**
 * A server configured for a sharded ClickHouse warehouse the production way: CLICKHOUSE_URL listing both
 * servers of the two-shard loopback setup and CLICKHOUSE_CLUSTER naming their cluster.
 */
const clickHouse = useTestClickHouse(2);
let smtp: TestSmtp | null = null;
let server: TestServer | null = null;

const shardEnv = (urls: string[], cluster = TEST_CLUSTER) => ({
  CLICKHOUSE_URL: urls.join(','),
  CLICKHOUSE_CLUSTER: cluster,
});

beforeAll(async () => {
  if (clickHouse.urls === null) return;
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { ...shardEnv(clickHouse.urls), SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

const day = (offset: number) => addDays(utcDay(new Date()), offset);
const RANGE = { start_date: day(-3), end_date: day(-1) };

/** Three days of one EC2 instance costing `daily` a day. */
function usageCsv(daily: number): Buffer {
  const header = 'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UnblendedCost,lineItem/CurrencyCode';
  const lines = [-3, -2, -1].map((offset) => `Usage,${day(offset)}T00:00:00Z,${daily},USD`);
  return Buffer.from([header, ...lines].join('\n'));
}

async function projectRows(url: string, projectId: string): Promise<number> {
  const sql = `SELECT count() FROM line_items WHERE project_id = '${projectId}'`;
  return Number((await queryClickHouse(url, sql)).trim());
}

async function startFails(env: NodeJS.ProcessEnv): Promise<ConfigError> {
  const error = await startTestServer({ env }).then(
    async (started) => {
      await started.close();
      throw new Error('the server started');
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('CLICKHOUSE_URL with two shards and CLICKHOUSE_CLUSTER', () => {
  it('imports uploads onto both shards and answers cost queries through the Distributed table', async (context) => {
    const urls = clickHouse.urls;
    if (urls === null || server === null || smtp === null) {
      return context.skip('clickhouse-server is not installed');
    }
    // The engines' details are shown to signed-in admins only.
    const admin = await signUpVerified(server.baseUrl, smtp, { label: 'shards' });
    const health = healthResponseSchema.parse((await admin.session.get('/api/health')).body);
    expect(health.warehouse).toMatchObject({ kind: 'clickhouse', ok: true });
    expect(health.warehouse.detail).toMatch(/, 2 shards$/);

    // Projects are placed by a hash of their id: add accounts until each shard holds one.
    const projects: { id: string; daily: number; shard: number }[] = [];
    for (let i = 1; i <= 12 && new Set(projects.map((p) => p.shard)).size < 2; i += 1) {
      const created = await admin.session.post('/c/cloud_accounts/', {
        name: `Payer ${i}`,
        settings: AWS_TEST_SETTINGS,
      });
      const id = cloudAccountSchema.parse(created.body).id;
      const daily = 10 * i;
      const csv = { name: 'cur.csv', data: usageCsv(daily) };
      const imported = await upload(admin.session, { project_id: id }, csv);
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      const rows = await Promise.all(urls.map((url) => projectRows(url, id)));
      // Each project's rows are whole on exactly one shard.
      expect(
        rows.filter((n) => n > 0),
        JSON.stringify(rows),
      ).toEqual([3]);
      projects.push({ id, daily, shard: rows.findIndex((n) => n > 0) });
    }
    expect(new Set(projects.map((p) => p.shard))).toEqual(new Set([0, 1]));

    const cost = async (params: Record<string, string>) => {
      const got = await admin.session.get(
        `${COST_EXPLORER_PATHS.dimensionDailyCost}?${new URLSearchParams({ ...RANGE, ...params })}`,
      );
      expect(got.status, JSON.stringify(got.body)).toBe(200);
      return dimensionDailyCostResultSchema.parse(got.body).total;
    };
    for (const project of projects) {
      expect(await cost({ project_ids: project.id })).toBe(project.daily * 3);
    }
    expect(await cost({})).toBe(projects.reduce((sum, p) => sum + p.daily * 3, 0));
  });

  it('refuses to start, naming the variable, when the cluster does not match CLICKHOUSE_URL', async (context) => {
    const urls = clickHouse.urls;
    if (urls === null) return context.skip('clickhouse-server is not installed');
    expect((await startFails(shardEnv(urls, 'no_such_cluster'))).message).toBe(
      `CLICKHOUSE_CLUSTER "no_such_cluster" is not a cluster in the remote_servers of CLICKHOUSE_URL's first server`,
    );
    // A third URL the cluster does not have (nothing is sent to it); the warehouse alone, as start-up opens it.
    const config = parseConfig({ env: shardEnv([...urls, 'http://127.0.0.1:9']), cwd: tmpdir() });
    await expect(openCostStore(config)).rejects.toThrow(
      `CLICKHOUSE_CLUSTER "${TEST_CLUSTER}" has 2 shards, but CLICKHOUSE_URL lists 3 servers: list one URL per shard`,
    );
    // The same two servers in the other order: each project would be looked for on the other shard.
    await expect(
      openCostStore(parseConfig({ env: shardEnv([...urls].reverse()), cwd: tmpdir() })),
    ).rejects.toThrow(
      `CLICKHOUSE_URL lists ${new URL(urls[1] as string).host} as shard 1 of 2, but it is shard 2 of 2 of this warehouse: keep the servers of CLICKHOUSE_URL, and their order, as they were`,
    );
    expect((await startFails({ CLICKHOUSE_URL: urls.join(',') })).message).toContain(
      'CLICKHOUSE_URL lists 2 servers, so CLICKHOUSE_CLUSTER must name the cluster',
    );
  });
});
