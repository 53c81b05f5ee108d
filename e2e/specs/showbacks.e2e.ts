import { expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { describeOnDemo } from '../support/demo-session';

describeOnDemo('Showbacks in Chromium on a demo organisation', (demo) => {
  it('creates a showback, adds and reorders rules, and sees the reconciliation hold', {
    timeout: 240_000,
  }, async () => {
    const page = await demo.context.newPage();
    await page.goto('/v3/cost/showbacks-api/');
    await page.getByRole('button', { name: 'New showback' }).click();
    const dialog = page.getByRole('dialog', { name: 'New showback' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Teams');
    await dialog.getByRole('combobox', { name: 'Keys' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/showbacks-detail-api/);
    await page.getByRole('region', { name: 'Reconciliation' }).waitFor({ timeout: 120_000 });
    await page.screenshot({ path: screenshotPath('showback-detail'), fullPage: true });

    await page.getByRole('link', { name: 'Allocation rules' }).click();
    for (const [name, service] of [
      ['Compute', /Elastic Compute Cloud/],
      ['Storage', /Simple Storage Service/],
    ] as const) {
      await page.getByRole('button', { name: 'Add rule' }).click();
      const rule = page.getByRole('dialog', { name: 'Add rule' });
      await rule.getByRole('textbox', { name: 'Name' }).fill(name);
      await rule.getByRole('combobox', { name: 'Showback value' }).fill(name.toLowerCase());
      await rule.getByRole('combobox', { name: 'Filter by' }).click();
      await page.getByRole('option', { name: 'Cloud Service', exact: true }).click();
      await rule.getByRole('combobox', { name: 'Values' }).click();
      await page.getByRole('option', { name: service }).first().click();
      await rule.getByRole('button', { name: 'Add filter' }).click();
      await rule
        .getByText(/^Matches \$/)
        .waitFor({ timeout: 60_000 })
        .catch(async (error: unknown) => {
          await page.screenshot({ path: screenshotPath(`showback-rule-failed-${name}`) });
          throw error;
        });
      await page.screenshot({ path: screenshotPath(`showback-rule-${name}`) });
      await rule.getByRole('button', { name: 'Save' }).click();
      await rule.waitFor({ state: 'detached' });
    }
    const list = page.getByRole('list', { name: 'Allocation rules' });
    await list.getByRole('listitem', { name: '2. Storage' }).waitFor();
    await list.getByRole('button', { name: 'Move Storage up' }).focus();
    await page.keyboard.press('Enter');
    await list.getByRole('listitem', { name: '1. Storage' }).waitFor();
    await page.screenshot({ path: screenshotPath('showback-rules'), fullPage: true });

    await page.getByRole('link', { name: 'Unallocated resources' }).click();
    await page.getByLabel('Resources summary').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('showback-unallocated'), fullPage: true });

    await page.getByRole('link', { name: 'Teams' }).click();
    // The rules' values appear once the detail is read again after the rule changes.
    await page
      .getByRole('region', { name: 'Cost by value' })
      .getByRole('link', { name: 'compute', exact: true })
      .waitFor({ timeout: 120_000 });
    const check = page.getByRole('region', { name: 'Reconciliation' });
    await expect(check.getByText('equals the total cost to the cent').count()).resolves.toBe(1);
    await page.screenshot({ path: screenshotPath('showback-detail-rules'), fullPage: true });
  });
});
