import { expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { describeOnDemo } from '../support/demo-session';

describeOnDemo('Tag explorer in Chromium on a demo organisation', (demo) => {
  it('shows tag keys with coverage, drills into a key, adds a tag policy and lists its violations', {
    timeout: 240_000,
  }, async () => {
    const page = await demo.context.newPage();
    await page.goto('/v3/cost/tag-explorer/');
    await page.getByRole('tab', { name: 'Tag explorer' }).click();
    const grid = page.getByRole('region', { name: 'Tag keys' });
    const team = grid.getByRole('button', { name: 'user_team', exact: true });
    await team.waitFor({ timeout: 120_000 });
    // The demo tags most resources with user_team: its monthly coverage bar shows a figure.
    await expect(
      grid.getByRole('progressbar', { name: /^user_team Monthly coverage \d+(\.\d+)?%$/ }).count(),
    ).resolves.toBe(1);
    await page.screenshot({ path: screenshotPath('tag-explorer-keys'), fullPage: true });

    await team.click();
    await page.waitForURL(/key=user_team/);
    const drill = page.getByRole('region', { name: 'Tag user_team' });
    await drill.getByRole('heading', { name: 'Values of user_team' }).waitFor();
    const values = drill.getByRole('region', { name: 'Values of user_team' });
    await values.getByRole('link').first().waitFor({ timeout: 60_000 });
    await drill.getByRole('heading', { name: 'Cost without user_team' }).waitFor();
    await expect(drill.getByLabel('Untagged share').textContent()).resolves.toMatch(
      /^\$[\d,.]+ of \$[\d,.]+$/,
    );
    await page.screenshot({ path: screenshotPath('tag-explorer-drill-down'), fullPage: true });

    await page.getByRole('button', { name: 'Tag policies' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tag policies' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Cost centre required');
    await dialog.getByRole('textbox', { name: 'Required tag keys' }).fill('user_cost_center');
    await dialog.getByRole('button', { name: 'Add policy' }).click();
    await dialog
      .getByRole('list', { name: 'Policies' })
      .getByText('Cost centre required', { exact: true })
      .waitFor();
    await page.screenshot({ path: screenshotPath('tag-explorer-policy') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Back to every key: the violations of the new policy, resource by resource.
    await drill.getByRole('button', { name: 'Close' }).click();
    const violations = page.getByRole('region', { name: 'Policy violations' });
    await violations.getByText('Key missing').first().waitFor({ timeout: 120_000 });
    await expect(violations.getByText('user_cost_center').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByLabel('Violation totals').textContent()).resolves.toMatch(
      /^[1-9][\d,]* violations in all/,
    );
    await page.screenshot({ path: screenshotPath('tag-explorer-violations'), fullPage: true });
  });
});
