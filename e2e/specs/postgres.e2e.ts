import { healthResponseSchema } from '@finlens/contracts/health';
import {
  createTestDatabase,
  type TestDatabaseUrl,
  testPostgresUrl,
} from '@finlens/server/db/test-database-url';
import { skipOrFailWithoutPostgres, testPostgresUnavailableReason } from '@finlens/server/db/test-postgres';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshotPath } from '../support/browser';
import { money } from '../support/demo-session';
import { runFinlens } from '../support/finlens-cli';
import { type StartedServer, startServer } from '../support/start-server';
import { suiteReady } from '../support/suite-ready';

const DEMO_EMAIL = 'demo@finlens.local';
const DEMO_PASSWORD = 'Dem0!Postgres';

/**
 * The suite's other specs run on the embedded PGlite. This one starts a second server with DATABASE_URL on a
 * database of its own on the run's one PostgreSQL (the machine's initdb/pg_ctl, started by the global set-up)
 * and proves, in the browser, that `finlens demo`, sessions, CSRF and a page with cost data work there.
 */
describe.skipIf(Boolean(inject('browserSkipReason')))('the app with DATABASE_URL on PostgreSQL', () => {
  let database: TestDatabaseUrl | null = null;
  let server: StartedServer | null = null;
  let session: BrowserSession | null = null;

  beforeAll(async () => {
    // The suite's set-up builds the web app this server serves too (two builds at once would share apps/web/dist).
    await suiteReady();
    if (testPostgresUrl() === null)
      return skipOrFailWithoutPostgres(testPostgresUnavailableReason() ?? 'the run has no test PostgreSQL');
    database = await createTestDatabase();
    // Every request logged, as on the suite's server: a failing test prints the last lines.
    server = await startServer({ env: { DATABASE_URL: database.url, LOG_LEVEL: 'info' } });
    // A small demo organisation, handed to that server (its run file) like `finlens demo` by hand.
    const demo = await runFinlens(['demo', '--rows', '2000', '--months', '2'], {
      dataDir: server.dataDir,
      env: { DEMO_PASSWORD, DATABASE_URL: database.url },
    });
    if (demo.code !== 0)
      throw new Error(`finlens demo failed (${demo.code}):\n${demo.stdout}\n${demo.stderr}`);
    session = await openBrowser(server.url);
  }, 300_000);
  // A failing test prints this spec's own server's last lines too (the setup file prints the suite server's log).
  beforeEach(({ onTestFailed, task }) => {
    onTestFailed(() => {
      if (server !== null)
        console.error(
          `[e2e] "${task.name}" failed; the PostgreSQL server's last lines:\n${server.recentOutput()}`,
        );
    });
  });
  afterAll(async () => {
    await session?.close();
    await server?.stop();
    await database?.drop();
  });

  it('signs in through the form, shows the Home spend, refuses a POST without the CSRF token, signs out', {
    timeout: 120_000,
  }, async (context) => {
    if (server === null || session === null) return context.skip('PostgreSQL is not installed');
    const health = healthResponseSchema.parse(await (await fetch(`${server.url}/api/health`)).json());
    expect(health.appDatabase).toMatchObject({ kind: 'postgres', ok: true });

    const page = await session.context.newPage();
    await page.goto('/accounts/signin/');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    const summaryAnswer = page.waitForResponse(
      (res: Response) => res.url().includes('/c/cost_page/cost_summary/') && res.ok(),
      { timeout: 60_000 },
    );
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/v3/home');
    const summary = (await (await summaryAnswer).json()) as { mtd_spend: number; currency: string };
    expect(summary.mtd_spend).toBeGreaterThan(0);
    const mtd = page.getByRole('group', { name: 'Month-to-date spend' });
    await mtd.getByText(money(summary.mtd_spend, summary.currency), { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Top services' }).getByRole('row').first().waitFor();
    await page.screenshot({ path: screenshotPath('postgres-home'), fullPage: true });

    // The session row lives in PostgreSQL: the cookie alone does not make a write, the CSRF token must come too.
    const forged = await session.context.request.post('/c/cloud_accounts/', {
      data: { name: 'Forged', settings: {} },
    });
    expect(forged.status()).toBe(403);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/accounts/signin/');
    const after = await session.context.request.get('/c/current/user/');
    expect(after.status()).toBe(401);
  });
});
