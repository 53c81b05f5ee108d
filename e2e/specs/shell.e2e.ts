import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { type BrowserSession, openBrowser, screenshotPath } from '../support/browser';
import { suiteReady } from '../support/suite-ready';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('browserSkipReason');

describe.skipIf(Boolean(skipReason))('app shell in Chromium', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    await suiteReady();
    session = await openBrowser(baseUrl);
  });
  afterAll(async () => {
    await session?.close();
  });

  async function open(path: string) {
    const page = await session.context.newPage();
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    return page;
  }

  /** The app's own redirects run once its code has loaded, which a quiet network does not mean on a busy machine. */
  const signInPage = (url: URL) => url.pathname === '/accounts/signin/';

  it('sends / to the sign-in page', async () => {
    const page = await open('/');
    await page.waitForURL(signInPage);
    await expect(page.title()).resolves.toMatch(/Finlens$/);
    await page.screenshot({ path: screenshotPath('signin'), fullPage: true });
    await page.close();
  });

  it('sends /partner to /switching-view/, which asks a signed-out user to sign in first', async () => {
    const page = await open('/partner');
    await page.waitForURL(signInPage);
    const url = new URL(page.url());
    expect(url.searchParams.get('next')).toBe('/switching-view/');
    await page.close();
  });

  it('guards a protected page and opens it once the user has signed in', async () => {
    const path = '/v3/cloud-resource-cost-api/';
    const guarded = await open(path);
    await guarded.waitForURL(signInPage);
    expect(new URL(guarded.url()).searchParams.get('next')).toBe(path);
    await guarded.close();

    await signUpAndSignIn({ context: session.context, baseUrl, dataDir });
    const page = await open(path);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.title()).resolves.toBe('Explorer - Finlens');
    // The start-up chain of spec §4 finished: the shell shows the page, not the failure banner.
    await page.getByRole('heading', { name: 'Explorer' }).waitFor();
    await expect(page.getByText('Failed to load initial data.').count()).resolves.toBe(0);
    await page.screenshot({ path: screenshotPath('explorer-shell'), fullPage: true });
    await page.close();
    await session.context.clearCookies();
  });

  it('shows the not-found screen for an unknown path', async () => {
    const page = await open('/no/such/page');
    await expect(page.getByRole('heading', { name: '404' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Sorry, looks like you are lost!').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('not-found'), fullPage: true });
    await page.close();
  });

  it('serves the API health check next to the SPA', async () => {
    const res = await fetch(new URL('/api/health', baseUrl));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { appDatabase: { kind: string }; warehouse: { kind: string } };
    expect(body.appDatabase.kind).toBe('pglite');
    expect(body.warehouse.kind).toBe('duckdb');
  });
});
