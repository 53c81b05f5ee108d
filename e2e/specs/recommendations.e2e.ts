import { expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { describeOnDemo } from '../support/demo-session';

describeOnDemo('Cost Saving Recommendations in Chromium on a demo organisation', (demo) => {
  it('opens an EC2 rightsizing recommendation, sees its evidence chart, accepts and approves it, applies it through the simulated cloud after the dry run, and sees it applied', {
    timeout: 600_000,
  }, async () => {
    const page = await demo.context.newPage();
    await page.goto('/v3/cost/recommendations/ec2-rightsizing');
    await page.getByRole('heading', { level: 1, name: 'Recommendation Details' }).waitFor();
    // The rules run 30 s after the demo's first inventory collection, which may still be going on.
    const row = page.getByRole('table', { name: 'Recommendations' }).getByRole('row', { name: /^Open / });
    for (let attempt = 0; attempt < 36 && (await row.count()) === 0; attempt++) {
      await page.waitForTimeout(5_000);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Recommendation Details' }).waitFor();
    }
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
    expect(await dialog.getByRole('listitem').count()).toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('recommendation-dry-run'), fullPage: true });
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();

    // The steps run in the simulated cloud (stop, change the type, start); the panel polls until they end.
    await ledger.getByText('applied', { exact: true }).waitFor({ timeout: 180_000 });
    await ledger.getByText(/applied \d{4}-\d\d-\d\d \(cloud\)/).waitFor();
    const trail = ledger.getByRole('list', { name: 'Audit trail' });
    expect(await trail.textContent()).toMatch(/approved/);
    await page.screenshot({ path: screenshotPath('recommendation-applied'), fullPage: true });
  });
});
