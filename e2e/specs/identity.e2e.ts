import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_PASSWORD, uniqueEmail } from '../support/accounts';
import { type BrowserSession, openBrowser, screenshotPath } from '../support/browser';
import { waitForMailLink } from '../support/outbox';
import { suiteReady } from '../support/suite-ready';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('browserSkipReason');

/** Path and query of an emailed link, opened against the server under test. */
function pathOf(link: string): string {
  const url = new URL(link, baseUrl);
  return `${url.pathname}${url.search}`;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function expectLanding(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/v3/home');
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await expect(page.getByText('Failed to load initial data.').count()).resolves.toBe(0);
}

describe.skipIf(Boolean(skipReason))('identity flows in Chromium', () => {
  let session: BrowserSession;
  const email = uniqueEmail('flow');

  beforeAll(async () => {
    await suiteReady();
    session = await openBrowser(baseUrl);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('signs up, verifies the address from the mail, signs in, lands and signs out', async () => {
    const page = await session.context.newPage();
    await page.goto('/accounts/signup_user/');
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Reyes');
    await page.getByLabel('Company name').fill('Northwind Cloud');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.screenshot({ path: screenshotPath('signup'), fullPage: true });
    await page.getByRole('button', { name: 'Create account' }).click();

    const link = await waitForMailLink({ dataDir, to: email, linkPattern: /\S*verify_key=\S+/ });
    await page.goto(pathOf(link));
    await signIn(page, email, TEST_PASSWORD);
    await expectLanding(page);
    await page.screenshot({ path: screenshotPath('landing'), fullPage: true });

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/accounts/signin/');
    await page.close();
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    const newPassword = 'N3w!Secret';
    const page = await session.context.newPage();
    await page.goto('/accounts/forgot-password/');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page
      .getByRole('button')
      .filter({ hasText: /reset|send/i })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/accounts/reset-password-email-sent/');

    const link = await waitForMailLink({
      dataDir,
      to: email,
      linkPattern: /\S*\/accounts\/reset-password\/confirm\/\S+/,
    });
    await page.goto(pathOf(link));
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page
      .getByRole('button')
      .filter({ hasText: /reset|set|save/i })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/accounts/password-reset-success/');

    await page.goto('/accounts/signin/');
    await signIn(page, email, TEST_PASSWORD);
    await page.getByText(/unable to log in/i).waitFor();
    await signIn(page, email, newPassword);
    await expectLanding(page);
    await page.close();
  });

  it('returns the user to the sign-in page when the session ends during use', async () => {
    const page = await session.context.newPage();
    await page.goto('/v3/home');
    await expectLanding(page);
    // The server no longer knows this browser: the next call answers 401 and the SPA signs out.
    const cookies = await session.context.cookies(baseUrl);
    await session.context.clearCookies();
    await session.context.addCookies(cookies.filter((c) => c.name !== 'sessionid'));
    // A background refetch may hit the 401 first and leave the shell before the click lands.
    await page
      .getByRole('link', { name: 'Settings' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await page.waitForURL((url) => url.pathname === '/accounts/signin/');
    await page.close();
  });
});
