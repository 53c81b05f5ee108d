import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { BrowserContext, Response } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { describeOnDemo } from '../support/demo-session';
import { moveClockTo, serverNow } from '../support/test-clock';

const dataDir = inject('dataDir');

const REPORTS_PATH = '/c/cost_page/reports/';
const RECIPIENT = 'finance-e2e@example.com';
type ReportLog = { last_send: { trigger: string; status: string; slot: string } | null };

/** The outbox mails (the server writes .eml files without SMTP_URL) to `to` whose subject passes `match`. */
async function mailsTo(to: string, match: (subject: string) => boolean): Promise<ParsedMail[]> {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  const mails = await Promise.all(names.map(async (name) => simpleParser(await readFile(join(dir, name)))));
  return mails.filter((mail) => {
    const recipients = [mail.to].flat().flatMap((a) => a?.value.map((v) => v.address) ?? []);
    return recipients.includes(to) && match(mail.subject ?? '');
  });
}

/** Waits until `count` such mails are in the outbox and answers the newest. */
async function waitForMail(to: string, match: (subject: string) => boolean, count = 1): Promise<ParsedMail> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const mails = await mailsTo(to, match);
    if (mails.length >= count) return mails.at(-1) as ParsedMail;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail number ${count} to ${to} in ${join(dataDir, 'outbox')}`);
}

/**
 * A daily slot a few whole minutes ahead of the server's clock (the test-only clock control moves it there), as
 * the schedule's HH:MM in UTC.
 */
async function slotAhead(context: BrowserContext): Promise<string> {
  const now = await serverNow(context);
  return new Date(Math.ceil((now.getTime() + 180_000) / 60_000) * 60_000).toISOString().slice(11, 16);
}

function expectAttachments(mail: ParsedMail): void {
  const files = mail.attachments.map((a) => a.filename ?? '');
  expect(files.some((f) => f.endsWith('.png'))).toBe(true);
  expect(files.some((f) => f.endsWith('.csv'))).toBe(true);
  expect(files.some((f) => f.endsWith('.pdf'))).toBe(true);
  const csv = mail.attachments.find((a) => a.filename?.endsWith('.csv'))?.content.toString('utf8') ?? '';
  expect(csv.split('\n').length).toBeGreaterThan(1);
  const pdf = mail.attachments.find((a) => a.filename?.endsWith('.pdf'))?.content ?? Buffer.alloc(0);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(mail.text ?? '').toMatch(/Total: \$[\d,]+\.\d{2}/);
  expect(mail.text ?? '').toContain('Top movers by product_region:');
}

describeOnDemo('Reports in Chromium on a demo organisation', (demo) => {
  it('saves the Explorer view as a report, schedules it, and the job worker mails it at its slot with chart, CSV and PDF', {
    timeout: 240_000,
  }, async () => {
    const page = await demo.context.newPage();
    const name = `Regions by month ${Date.now()}`;
    // The grid sorted by region A→Z, 10 rows a page: the report keeps that too.
    await page.goto(
      '/v3/cloud-resource-cost-api/?range=3M&granularity=month&dimension=product_region&sort=label&sort_dir=asc&page_size=10',
    );
    await page.getByRole('button', { name: 'Save as report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as report' });
    await dialog.getByRole('textbox', { name: 'Report name' }).fill(name);
    const created = page.waitForResponse(
      (res: Response) => res.url().endsWith(REPORTS_PATH) && res.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const report = (await (await created).json()) as {
      id: string;
      query: { dimension: string };
      grid: { sort_by: string; sort_direction: string; page_size: number | null };
    };
    expect(report.query.dimension).toBe('product_region');
    expect(report.grid).toMatchObject({ sort_by: 'label', sort_direction: 'asc', page_size: 10 });
    await page.getByLabel('Opened report').filter({ hasText: name }).waitFor();

    // Analysis lists it; the share dialog schedules it daily, in UTC, a few minutes ahead of the server's clock.
    await page.getByRole('link', { name: 'Open Analysis' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await row.getByRole('button', { name: `Share ${name}` }).click();
    const share = page.getByRole('dialog', { name: `Share "${name}"` });
    await share.getByRole('switch', { name: 'Send by email on a schedule' }).check();
    await share.getByRole('combobox', { name: 'Frequency' }).click();
    await page.getByRole('option', { name: 'Daily' }).click();
    const zone = share.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('');
    await zone.pressSequentially('UTC');
    await page.getByRole('option', { name: 'UTC', exact: true }).click();
    await share.getByRole('combobox', { name: 'External email addresses' }).fill(RECIPIENT);
    await share.getByRole('combobox', { name: 'External email addresses' }).press('Enter');
    const time = await slotAhead(demo.context);
    await share.getByLabel('Time', { exact: true }).fill(time);
    const saved = page.waitForResponse(
      (res: Response) =>
        res.url().includes(`${REPORTS_PATH}${report.id}/`) && res.request().method() === 'PATCH',
    );
    await share.getByRole('button', { name: 'Save' }).click();
    const patched = (await (await saved).json()) as {
      schedule: { frequency: string; time: string; time_zone: string };
      next_send_at: string;
    };
    expect(patched.schedule).toMatchObject({ frequency: 'daily', time, time_zone: 'UTC' });
    const slot = new Date(patched.next_send_at);
    expect(patched.next_send_at.slice(11, 16)).toBe(time);
    await row.filter({ hasText: `Daily at ${time} (UTC)` }).waitFor();
    // Saving sends nothing: while the server's clock is before the slot, the report has no send.
    const unsent = (await (await page.request.get(`${REPORTS_PATH}${report.id}/`)).json()) as ReportLog;
    if ((await serverNow(demo.context)) < slot) expect(unsent.last_send).toBeNull();

    // Nobody presses "send now": the server's clock moves past the slot and its job worker sends the slot.
    await moveClockTo(demo.context, new Date(slot.getTime() + 1_000));
    const subject = (s: string) => s.startsWith(`Finlens report: ${name}`);
    const scheduled = await waitForMail(RECIPIENT, subject);
    expectAttachments(scheduled);
    const log = await page.request.get(`${REPORTS_PATH}${report.id}/`);
    expect(((await log.json()) as ReportLog).last_send).toMatchObject({
      trigger: 'schedule',
      status: 'sent',
      slot: slot.toISOString(),
    });
    await page.reload();
    await row.filter({ hasText: /Sent \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/ }).waitFor();

    // Send now still works beside the schedule: a second mail to the schedule's recipients.
    await row.getByRole('button', { name: `Share ${name}` }).click();
    const sent = page.waitForResponse((res: Response) => res.url().includes(`${report.id}/send/`));
    await share.getByRole('button', { name: 'Send now' }).click();
    expect((await sent).status()).toBe(202);
    await share.getByText(/The report is on its way/).waitFor();
    await page.screenshot({ path: screenshotPath('reports-share-dialog') });
    expectAttachments(await waitForMail(RECIPIENT, subject, 2));
    await share.getByRole('button', { name: 'Cancel' }).click();

    // Opening it restores the grid; sorting by the total instead and "Save" writes that over the report.
    await page.getByRole('link', { name: `Open ${name} in the Explorer` }).click();
    const grid = page.getByRole('region', { name: 'Cost table' });
    const region = grid.getByRole('columnheader', { name: /Region/ });
    await expect.poll(() => region.getAttribute('aria-sort')).toBe('ascending');
    await grid
      .getByRole('columnheader', { name: /^Total/ })
      .locator('.ag-header-cell-label')
      .click();
    await grid.getByRole('combobox', { name: 'Page Size' }).click();
    await page.getByRole('option', { name: '20', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page_size')).toBe('20');
    const updated = page.waitForResponse(
      (res: Response) =>
        res.url().includes(`${REPORTS_PATH}${report.id}/`) && res.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(((await (await updated).json()) as typeof report).grid).toMatchObject({
      sort_by: 'total',
      sort_direction: 'desc',
      page_size: 20,
    });
    await page.screenshot({ path: screenshotPath('reports-explorer-saved') });
  });
});
