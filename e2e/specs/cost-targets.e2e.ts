import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { describeOnDemo } from '../support/demo-session';

const SECRET = 'e2e-webhook-signing-secret';
const TARGET = 'E2E monthly cap';

type Received = { raw: string; signature: string };

/** A webhook receiver on loopback: keeps every request's raw body and signature header. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        raw: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['finlens-signature'] ?? ''),
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/finlens`, received, server };
}

/** The documented check: `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
function signatureHolds(raw: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const want = createHmac('sha256', SECRET).update(`${parts.t}.${raw}`).digest();
  const got = Buffer.from(parts.v1, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

describeOnDemo('Cost target alerts in Chromium on a demo organisation', (demo) => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await new Promise((done) => receiver?.server.close(done));
  });

  it('creates a target the demo spend breaches and its alert arrives signed at a webhook', {
    timeout: 240_000,
  }, async () => {
    const page = await demo.context.newPage();
    await page.goto('/v3/settings?tab=notifications-center');
    await page.getByRole('button', { name: 'Add channel' }).click();
    const dialog = page.getByRole('form', { name: 'Add channel' });
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Signed webhook' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E receiver');
    await dialog.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url);
    await dialog.getByLabel('Signing secret').fill(SECRET);
    // Subscribed to nothing: the alert reaches it only because the alert routes to it.
    await dialog.getByRole('checkbox', { name: 'Cost target alerts' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Anomalies' }).uncheck();
    await page.screenshot({ path: screenshotPath('cost-targets-channel-dialog') });
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await page.getByRole('table', { name: 'Channels' }).getByText('E2E receiver').waitFor();
    await page.screenshot({ path: screenshotPath('cost-targets-channels'), fullPage: true });

    await page.goto('/v3/create-target/');
    const form = page.getByRole('form', { name: 'Cost target' });
    await form.getByRole('textbox', { name: 'Name' }).fill(TARGET);
    await form.getByRole('spinbutton', { name: 'Budget per period (USD)' }).fill('100');
    await form.getByRole('button', { name: 'Create target' }).click();
    await page.waitForURL(/\/v3\/update-target\//);
    const alerts = page.getByRole('region', { name: 'Alerts' });
    await alerts.getByRole('combobox', { name: 'Channels' }).click();
    await page.getByRole('option', { name: 'E2E receiver' }).click();
    await page.keyboard.press('Escape');
    await alerts.getByRole('button', { name: 'Add alert' }).click();
    await alerts.getByRole('table', { name: 'Target alerts' }).getByText('E2E receiver').waitFor();
    await page.screenshot({ path: screenshotPath('cost-targets-update-target'), fullPage: true });

    await page.goto('/v3/targets-api/');
    const row = page.getByRole('row', { name: new RegExp(TARGET) });
    await row.getByText('Over budget').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('cost-targets-list'), fullPage: true });
    await row.getByRole('link', { name: /burn-down/i }).click();
    await page.getByRole('region', { name: 'Burn-down' }).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('cost-targets-burn-down'), fullPage: true });

    // The evaluation job runs when the alert is saved; the delivery job then posts to the receiver.
    const deadline = Date.now() + 120_000;
    const alertOf = () =>
      receiver.received.find((request) => request.raw.includes(`Cost target \\"${TARGET}\\"`));
    while (alertOf() === undefined && Date.now() < deadline) await page.waitForTimeout(500);
    const delivered = alertOf();
    expect(delivered, `received: ${receiver.received.map((r) => r.raw).join('\n')}`).toBeDefined();
    const body = JSON.parse(delivered?.raw ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ source: 'cost_target_alert', severity: 'critical' });
    expect(body.subject).toBe(`Cost target "${TARGET}" has reached 80% of the budget`);
    expect((body.facts as Record<string, string>).Target).toBe(TARGET);
    expect(signatureHolds(delivered?.raw ?? '', delivered?.signature ?? '')).toBe(true);
    expect(signatureHolds(`${delivered?.raw} `, delivered?.signature ?? '')).toBe(false);

    await page.goto('/v3/settings?tab=notifications-center');
    await page.getByText(`Cost target "${TARGET}" has reached 80% of the budget`).first().waitFor();
    // The demo's injected anomalies, found by the detection its import enqueued.
    await page.getByText(/^[1-9]\d* open anomal/).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('cost-targets-delivery-log'), fullPage: true });
  });
});
