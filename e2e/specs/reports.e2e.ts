import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, screenshotPath } from '../support/browser';
import { openDemoSession } from '../support/demo-session';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const skipReason = inject('browserSkipReason');

const REPORTS_PATH = '/c/cost_page/reports/';
const RECIPIENT = 'finance-e2e@example.com';

/** The newest outbox mail (the server writes .eml files without SMTP_URL) to `to` whose subject passes `match`. */
async function waitForMail(to: string, match: (subject: string) => boolean): Promise<ParsedMail> {
  const deadline = Date.now() + 120_000;
  const dir = join(dataDir, 'outbox');
  while (Date.now() < deadline) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    for (const name of names.sort().reverse()) {
      const mail = await simpleParser(await readFile(join(dir, name)));
      const recipients = [mail.to].flat().flatMap((a) => a?.value.map((v) => v.address) ?? []);
      if (recipients.includes(to) && match(mail.subject ?? '')) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no report mail to ${to} in ${dir}`);
}

describe.skipIf(Boolean(skipReason))('Reports in Chromium on a demo organisation', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openDemoSession(baseUrl, dataDir);
  }, 300_000);
  afterAll(async () => {
    await session?.close();
  });

  it('saves the Explorer view as a report, schedules it, sends it and the mail carries chart, CSV and PDF', {
    timeout: 240_000,
  }, async () => {
    const page = await session.context.newPage();
    const name = `Regions by month ${Date.now()}`;
    await page.goto('/v3/cloud-resource-cost-api/?range=3M&granularity=month&dimension=product_region');
    await page.getByRole('button', { name: 'Save as report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as report' });
    await dialog.getByRole('textbox', { name: 'Report name' }).fill(name);
    const created = page.waitForResponse(
      (res: Response) => res.url().endsWith(REPORTS_PATH) && res.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const report = (await (await created).json()) as { id: string; query: { dimension: string } };
    expect(report.query.dimension).toBe('product_region');
    await page.getByLabel('Opened report').filter({ hasText: name }).waitFor();

    // Analysis lists it; the share dialog schedules it weekly on Monday and Thursday for an outside address.
    await page.getByRole('link', { name: 'Open Analysis' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await row.getByRole('button', { name: `Share ${name}` }).click();
    const share = page.getByRole('dialog', { name: `Share "${name}"` });
    await share.getByRole('switch', { name: 'Send by email on a schedule' }).check();
    await share.getByRole('button', { name: 'Thu' }).click();
    await share.getByLabel('Time', { exact: true }).fill('07:30');
    await share.getByRole('combobox', { name: 'External email addresses' }).fill(RECIPIENT);
    await share.getByRole('combobox', { name: 'External email addresses' }).press('Enter');
    const saved = page.waitForResponse(
      (res: Response) =>
        res.url().includes(`${REPORTS_PATH}${report.id}/`) && res.request().method() === 'PATCH',
    );
    await share.getByRole('button', { name: 'Save' }).click();
    const patched = (await (await saved).json()) as {
      schedule: { days_of_week: number[] };
      next_send_at: string;
    };
    expect(patched.schedule.days_of_week).toEqual([1, 4]);
    expect(patched.next_send_at).not.toBeNull();
    await row.filter({ hasText: /Weekly on Mon, Thu at 07:30/ }).waitFor();

    // Send now: the job mails the schedule's recipients.
    await row.getByRole('button', { name: `Share ${name}` }).click();
    const sent = page.waitForResponse((res: Response) => res.url().includes(`${report.id}/send/`));
    await share.getByRole('button', { name: 'Send now' }).click();
    expect((await sent).status()).toBe(202);
    await share.getByText(/The report is on its way/).waitFor();
    await page.screenshot({ path: screenshotPath('reports-share-dialog') });

    const mail = await waitForMail(RECIPIENT, (subject) => subject.startsWith(`Finlens report: ${name}`));
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
  });
});
