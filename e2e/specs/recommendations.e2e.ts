import { RECOMMENDATIONS_PATHS, type RecommendationsList } from '@finlens/contracts/recommendations';
import type { BrowserContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { api } from '../support/api';
import { screenshotPath } from '../support/browser';
import { describeOnDemo } from '../support/demo-session';
import { moveClockTo, serverNow } from '../support/test-clock';
import { waitUntil } from '../support/wait-until';

/**
 * Waits for the demo's first rule run to have found an open EC2 rightsizing recommendation: the rules run 30 s after
 * the demo's first inventory collection, which may still be going on when the spec starts. Asks the API each second
 * rather than reloading the page.
 */
async function waitForRightsizing(context: BrowserContext): Promise<void> {
  const query = `${RECOMMENDATIONS_PATHS.list}?type=ec2-rightsizing&status=open&page_size=1`;
  await waitUntil(
    'an open ec2-rightsizing recommendation',
    async () => (await api<RecommendationsList>(context, 'GET', query)).count > 0,
  );
}

/**
 * The demo scenario's instances take 60 s (its transitionSeconds) to stop, and a waiting apply looks again every
 * 15 s: moves the simulated cloud's clock past the stop and the app's past the next look (a test-only control).
 */
async function skipTheStop(context: BrowserContext): Promise<void> {
  const cloud = await serverNow(context, 'cloud');
  await moveClockTo(context, new Date(cloud.getTime() + 61_000), 'cloud');
  const app = await serverNow(context);
  await moveClockTo(context, new Date(app.getTime() + 16_000));
}

describeOnDemo('Cost Saving Recommendations in Chromium on a demo organisation', (demo) => {
  it('opens an EC2 rightsizing recommendation, sees its evidence chart, accepts and approves it, applies it through the simulated cloud after the dry run, and sees it applied', {
    timeout: 600_000,
  }, async () => {
    await waitForRightsizing(demo.context);
    const page = await demo.context.newPage();
    await page.goto('/v3/cost/recommendations/ec2-rightsizing');
    await page.getByRole('heading', { level: 1, name: 'Recommendation Details' }).waitFor();
    const row = page.getByRole('table', { name: 'Recommendations' }).getByRole('row', { name: /^Open / });
    await row.first().click();
    await page.waitForURL(/\/v3\/essentials\/rightsizing-details\/ec2-rightsizing\//);
    await page.getByRole('heading', { level: 1, name: 'Rightsizing Details' }).waitFor();
    await page.getByText(/^Saves \$[\d,]+\.\d\d per month$/).waitFor();

    // The evidence: the CPU series the rule judged, drawn against its threshold.
    const evidence = page.getByRole('region', { name: 'Evidence' });
    const chart = evidence.getByRole('img', { name: /^cpu-utilization evidence$/ });
    // The daily statistic the rule compared and its threshold, drawn as two lines (named in the legend).
    await chart.locator('svg').first().waitFor();
    await chart
      .getByText(/^Daily (p95|max|avg)$/)
      .first()
      .waitFor({ state: 'attached' });
    await chart.getByText('Threshold', { exact: true }).first().waitFor({ state: 'attached' });

    // The admin accepts and approves; the apply shows its dry run first.
    const ledger = page.getByRole('region', { name: 'Savings ledger' });
    await ledger.getByRole('button', { name: 'Accept' }).click();
    await ledger.getByText('accepted', { exact: true }).waitFor();
    await ledger.getByRole('button', { name: 'Approve' }).click();
    await ledger.getByText('approved', { exact: true }).waitFor();
    await ledger.getByRole('button', { name: 'Apply…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply through the cloud' });
    await dialog.getByText(/in the simulated cloud\. Applying will:/).waitFor();
    const steps = await dialog.getByRole('listitem').allTextContents();
    expect(steps.length).toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('recommendation-dry-run'), fullPage: true });
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();

    // The steps run in the simulated cloud (stop, change the type, start): the apply stops the instance and waits
    // for it; the panel polls until the steps end.
    await ledger.getByText(/^(applying…|applied)$/).waitFor();
    await skipTheStop(demo.context);
    await ledger.getByText('applied', { exact: true }).waitFor({ timeout: 180_000 });
    await ledger.getByText(/applied \d{4}-\d\d-\d\d \(cloud\)/).waitFor();
    const trail = ledger.getByRole('list', { name: 'Audit trail' });
    const events = await trail.getByRole('listitem').allTextContents();
    expect(events.join('\n')).toMatch(/approved/);
    // One dry run for one apply: the apply's own check found what the dialog's had and is not listed again.
    expect(events.filter((event) => / · dry run/.test(event))).toHaveLength(1);
    // Each step the dry run listed was taken in the cloud.
    const taken = events.filter((event) => / · cloud step — /.test(event));
    expect(taken.map((event) => event.split(' · cloud step — ')[1]).sort()).toEqual([...steps].sort());
    await page.screenshot({ path: screenshotPath('recommendation-applied'), fullPage: true });
  });
});
