import { expect, inject, it } from 'vitest';
import { signIn, TEST_PASSWORD, uniqueEmail } from '../support/accounts';
import { api } from '../support/api';
import { screenshotPath } from '../support/browser';
import { describeOnDemo, money } from '../support/demo-session';
import { waitForMailLink } from '../support/outbox';

const baseUrl = inject('baseUrl');

/** The month before today's (UTC), written YYYY-MM, and its first and last days: the newest closed month. */
function lastClosedMonth(today = new Date()) {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { month: day(first).slice(0, 7), start: day(first), end: day(last) };
}

const cents = (n: number) => Math.round(n * 100);

describeOnDemo('Chargebacks in Chromium on a demo organisation', (demo) => {
  it("issues a statement for a closed month whose lines are the showback's cost_distribution", {
    timeout: 300_000,
  }, async () => {
    const { context } = demo;
    await context.request.get('/accounts/signin/'); // sets the csrftoken cookie
    const showback = await api<{ id: string }>(context, 'POST', '/c/showback/showbacks/', {
      name: 'Chargeback teams',
      tag_keys: ['user_team'],
    });
    const { month, start, end } = lastClosedMonth();

    const page = await context.newPage();
    await page.goto(`/v3/cost/chargeback/?showback_id=${showback.id}&month=${month}`);
    // The preview allocates the whole month: slow on a loaded machine.
    await page
      .getByRole('table', { name: 'Statement lines' })
      .waitFor({ timeout: 180_000 })
      .catch(async (error: unknown) => {
        await page.screenshot({ path: screenshotPath('chargeback-preview-failed'), fullPage: true });
        throw error;
      });
    await page
      .getByRole('alert', { name: 'Reconciliation' })
      .getByText(/reconciles to the cent/)
      .waitFor();
    await page.screenshot({ path: screenshotPath('chargeback-preview'), fullPage: true });
    await page.getByRole('button', { name: 'Create draft' }).click();
    const draft = page.getByRole('alert').filter({ hasText: 'Draft version 1 created' });
    await draft.getByRole('button', { name: 'Issue' }).click();
    await page.getByText('Version 1 issued: its numbers are frozen.').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('chargeback-issued'), fullPage: true });

    await page.getByRole('link', { name: 'Open it in the Chargebacks Center' }).click();
    await page.waitForURL(/chargebacks-center\/\?statement=/);
    const statementId = new URL(page.url()).searchParams.get('statement') ?? '';
    const listed = page.getByRole('table', { name: 'Statements' });
    await listed.getByRole('button', { name: `Open Chargeback teams ${month} version 1` }).waitFor();
    await expect(
      listed.getByRole('row').filter({ hasText: 'Chargeback teams' }).textContent(),
    ).resolves.toContain('Issued');
    const panel = page.getByRole('region', { name: 'Statement' });
    await panel.getByText(`Chargeback teams · ${month} · version 1`).waitFor();
    await page.screenshot({ path: screenshotPath('chargebacks-center'), fullPage: true });

    // The statement's lines and total equal the showback's cost_distribution of the month, to the cent.
    type Detail = { cost_distribution: { value: string; total: number }[] };
    const detailOf = (range: { start: string; end: string }) =>
      api<Detail>(
        context,
        'GET',
        `/c/showback/showbacks/${showback.id}/?start_date=${range.start}&end_date=${range.end}&cost_type=amortized`,
      );
    const detail = await detailOf({ start, end });
    type Line = {
      value: string;
      direct: number;
      subtotal: number;
      previous_month_subtotal: number | null;
      services: { service: string; cost: number }[];
    };
    const statement = await api<{ lines: Line[]; subtotal: number }>(
      context,
      'GET',
      `/c/chargeback/statements/${statementId}/`,
    );
    const distributed = detail.cost_distribution.filter((e) => cents(e.total) !== 0);
    expect(distributed.length).toBeGreaterThan(1);
    expect(
      Object.fromEntries(
        statement.lines.filter((l) => cents(l.subtotal) !== 0).map((l) => [l.value, cents(l.subtotal)]),
      ),
    ).toEqual(Object.fromEntries(distributed.map((e) => [e.value, cents(e.total)])));
    const sum = distributed.reduce((total, e) => total + e.total, 0);
    expect(cents(statement.subtotal)).toBe(cents(sum));
    // The page shows the same figures.
    const table = panel.getByRole('table', { name: 'Statement lines' });
    const rowOf = (header: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: header, exact: true }) });
    for (const line of statement.lines.slice(0, 5)) {
      await expect(rowOf(line.value).textContent()).resolves.toContain(money(line.subtotal, 'USD'));
    }
    await expect(rowOf('Total').textContent()).resolves.toContain(money(statement.subtotal, 'USD'));

    // Each line's services add up to its direct cost; the page lists them under the value.
    for (const line of statement.lines) {
      expect(cents(line.services.reduce((total, x) => total + x.cost, 0))).toBe(cents(line.direct));
    }
    const [top] = statement.lines;
    expect(top?.services.length).toBeGreaterThan(0);
    for (const service of top?.services.slice(0, 3) ?? []) {
      const row = table.getByRole('row', { name: `${service.service} of ${top?.value}`, exact: true });
      await expect(row.textContent()).resolves.toContain(money(service.cost, 'USD'));
    }
    // The month before: each value's subtotal there is the showback's cost_distribution of that month.
    const before = await detailOf(lastClosedMonth(new Date(`${start}T00:00:00Z`)));
    const previous = Object.fromEntries(before.cost_distribution.map((e) => [e.value, cents(e.total)]));
    for (const line of statement.lines) {
      expect(cents(line.previous_month_subtotal ?? Number.NaN)).toBe(previous[line.value] ?? 0);
    }
    const csv = await context.request.get(`/c/chargeback/statements/${statementId}/csv/`);
    const first = top?.services[0];
    await expect(csv.text()).resolves.toContain(`${top?.value},${first?.service},${first?.cost.toFixed(2)},`);
  });

  it('uploads daily units to a showback: a bad row is refused with its line and column, then unit costs show', {
    timeout: 240_000,
  }, async () => {
    const { context } = demo;
    await context.request.get('/accounts/signin/');
    const showback = await api<{ id: string }>(context, 'POST', '/c/showback/showbacks/', {
      name: 'Unit teams',
      tag_keys: ['user_team'],
    });
    const today = new Date().toISOString().slice(0, 10);
    const first = `${today.slice(0, 8)}01`;
    const second = `${today.slice(0, 8)}02`;
    const mtd = `start_date=${first}&end_date=${today}&cost_type=unblended`;
    type Detail = { cost_distribution: { value: string; total: number; unit_cost: number | null }[] };
    const before = await api<Detail>(context, 'GET', `/c/showback/showbacks/${showback.id}/?${mtd}`);
    const top = [...before.cost_distribution].sort((a, b) => b.total - a.total)[0];
    if (top === undefined) throw new Error('the demo showback has no value with cost this month');

    const page = await context.newPage();
    await page.goto(`/v3/cost/showbacks-detail-api/${showback.id}/?range=MTD`);
    const grid = page.getByRole('region', { name: 'Cost by value' });
    await grid.waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Upload units' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload daily units' });
    const file = (text: string) => ({ name: 'units.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    const header = 'showback_value,date,units';
    await dialog
      .getByLabel('Daily units CSV file')
      .setInputFiles(file(`${header}\n${top.value},${first},1000\n${top.value},${second},-5\n`));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const problems = dialog.getByRole('table', { name: 'Problems in the file' });
    const bad = problems.getByRole('row').filter({ hasText: 'Enter a number of 0 or more.' });
    await bad.waitFor({ timeout: 60_000 });
    await expect(bad.textContent()).resolves.toBe('3unitsEnter a number of 0 or more.');
    await page.screenshot({ path: screenshotPath('showback-units-refused') });
    const unchanged = await api<Detail>(context, 'GET', `/c/showback/showbacks/${showback.id}/?${mtd}`);
    expect(unchanged.cost_distribution.every((e) => e.unit_cost === null)).toBe(true);

    await dialog
      .getByLabel('Daily units CSV file')
      .setInputFiles(file(`${header}\n${top.value},${first},1000\n${top.value},${second},3000\n`));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('2 rows applied from units.csv.').waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await grid.getByRole('columnheader', { name: 'Unit cost' }).waitFor({ timeout: 120_000 });
    const after = await api<Detail>(context, 'GET', `/c/showback/showbacks/${showback.id}/?${mtd}`);
    const entry = after.cost_distribution.find((e) => e.value === top.value);
    expect(entry?.unit_cost).toBeCloseTo((entry?.total ?? 0) / 4000, 9);
    await expect(grid.textContent()).resolves.toContain('4,000');
    await expect(grid.textContent()).resolves.toContain(money(entry?.unit_cost ?? 0, 'USD'));
    await page.screenshot({ path: screenshotPath('showback-unit-costs'), fullPage: true });
  });

  it('a member limited to one value (chosen in Member access) sees only that value and its total', {
    timeout: 240_000,
  }, async () => {
    const { browser, context } = demo.session;
    await context.request.get('/accounts/signin/');
    const showback = await api<{ id: string }>(context, 'POST', '/c/showback/showbacks/', {
      name: 'Member teams',
      tag_keys: ['user_team'],
    });
    const email = uniqueEmail('member');
    await api(context, 'POST', '/c/team/members/', { email, role: 'member' });
    // The invitation's link is the password-reset confirm screen: setting the password verifies the email.
    const link = await waitForMailLink({
      dataDir: demo.dataDir,
      to: email,
      linkPattern: /\/accounts\/reset-password\/confirm\/\S+/,
    });
    const [uid = '', token = ''] = link.split('/confirm/')[1]?.split('/') ?? [];
    const memberContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    await memberContext.request.get('/accounts/signin/');
    await api(memberContext, 'POST', '/rest-auth/password/reset/confirm/', {
      uid,
      token,
      new_password1: TEST_PASSWORD,
      new_password2: TEST_PASSWORD,
    });
    await signIn({ context: memberContext, baseUrl, email, password: TEST_PASSWORD });

    const today = new Date().toISOString().slice(0, 10);
    const mtd = `start_date=${today.slice(0, 8)}01&end_date=${today}&cost_type=unblended`;
    type Detail = { total: number; cost_distribution: { value: string; total: number }[] };
    const full = await api<Detail>(context, 'GET', `/c/showback/showbacks/${showback.id}/?${mtd}`);
    const chosen = [...full.cost_distribution].sort((a, b) => b.total - a.total)[0];
    if (chosen === undefined) throw new Error('the demo showback has no value with cost this month');

    const page = await context.newPage();
    await page.goto(`/v3/cost/showbacks-detail-api/${showback.id}/?range=MTD`);
    await page.getByRole('region', { name: 'Cost by value' }).waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Member access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Member access' });
    const row = dialog.getByRole('row').filter({ hasText: email });
    await row.getByRole('switch', { name: `${email} sees all values` }).click();
    await row.getByRole('combobox', { name: `Values of ${email}` }).click();
    await page.getByRole('option', { name: chosen.value, exact: true }).click();
    const saved = page.waitForResponse(
      (r) => r.url().includes('/value_access/') && r.request().method() === 'PUT',
    );
    await row.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.screenshot({ path: screenshotPath('showback-member-access') });

    const seen = await api<Detail>(memberContext, 'GET', `/c/showback/showbacks/${showback.id}/?${mtd}`);
    expect(seen.cost_distribution.map((e) => e.value)).toEqual([chosen.value]);
    expect(cents(seen.total)).toBe(cents(chosen.total));
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`/v3/cost/showbacks-detail-api/${showback.id}/?range=MTD`);
    const grid = memberPage.getByRole('region', { name: 'Cost by value' });
    await grid.getByRole('link', { name: chosen.value, exact: true }).waitFor({ timeout: 120_000 });
    // One value row (its link), no Unallocated.
    await expect(grid.getByRole('link').count()).resolves.toBe(1);
    await expect(memberPage.getByRole('button', { name: 'Upload units' }).isDisabled()).resolves.toBe(true);
    await expect(memberPage.getByRole('link', { name: 'Allocation rules' }).count()).resolves.toBe(0);
    await memberPage.screenshot({ path: screenshotPath('showback-limited-member'), fullPage: true });
    await memberContext.close();
  });
});
