import { expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { describeOnDemo } from '../support/demo-session';

describeOnDemo('Resources Cost in Chromium on a demo organisation', (demo) => {
  it("lists the demo bill's resources, opens the most expensive one and follows it into the Explorer", {
    timeout: 240_000,
  }, async () => {
    const page = await demo.context.newPage();
    await page.goto('/v3/resources-cost/');
    const table = page.getByRole('table', { name: 'Resources' });
    // The demo's resources as its bill names them (collected ones too, once the demo has an inventory).
    const first = table.getByRole('row', { name: /^Open / }).first();
    await first.waitFor({ timeout: 120_000 });
    await expect(page.getByText(/resources · \$[\d,.]+$/).count()).resolves.toBe(1);
    await page.screenshot({ path: screenshotPath('resources-cost-list'), fullPage: true });

    await first.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Resource details' });
    await drawer.getByRole('img', { name: 'Cost by day' }).waitFor({ timeout: 60_000 });
    const resourceId = (await drawer.locator('dt:text-is("Resource id") + dd').textContent()) ?? '';
    expect(resourceId).not.toBe('');
    await page.screenshot({ path: screenshotPath('resources-cost-drawer') });

    await drawer.getByRole('link', { name: 'Open in Explorer' }).click();
    await page.waitForURL(/\/v3\/cloud-resource-cost-api\//);
    expect(decodeURIComponent(page.url())).toContain(resourceId);
    await page
      .getByLabel('Total cost')
      .filter({ hasText: /Total \$[\d,.]+/ })
      .waitFor({ timeout: 120_000 });
    await page.screenshot({ path: screenshotPath('resources-cost-explorer'), fullPage: true });
  });
});
