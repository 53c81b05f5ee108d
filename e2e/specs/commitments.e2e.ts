import { COMMITMENTS_PATHS, type ReservationAnalysis } from '@finlens/contracts/commitments';
import { expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { describeOnDemo } from '../support/demo-session';

describeOnDemo('Commitment Management in Chromium on a demo organisation', (demo) => {
  it('shows the under-used savings plan and the expiring one with their alerts, and the purchase analysis follows the look-back', {
    timeout: 240_000,
  }, async () => {
    const page = await demo.context.newPage();
    await page.goto('/v3/compute-copilot/cm/dashboard/');
    await page.getByRole('heading', { level: 1, name: 'Commitment Management' }).waitFor({ timeout: 60_000 });

    // The demo's EC2 Instance plan was bought for more than its instances use; its Compute plan ends soon.
    const alerts = page.getByRole('region', { name: 'Commitment alerts' });
    const underUsed = alerts
      .getByRole('alert')
      .filter({ hasText: /EC2InstanceSavingsPlans \$[\d.,]+\/h is under-used/ });
    await underUsed.waitFor({ timeout: 120_000 });
    const used = Number(/under-used: ([\d.]+)% used/.exec((await underUsed.textContent()) ?? '')?.[1]);
    expect(used).toBeGreaterThan(30);
    expect(used).toBeLessThan(80);
    await expect(
      alerts
        .getByRole('alert')
        .filter({ hasText: /ComputeSavingsPlans \$[\d.,]+\/h expires in \d+ days/ })
        .count(),
    ).resolves.toBe(1);
    // The same plans in the expiry calendar and the breakdown by commitment.
    const expiring = page.getByRole('table', { name: 'Expiring commitments' });
    await expiring
      .getByRole('row', { name: /Savings plan/ })
      .first()
      .waitFor({ timeout: 60_000 });
    const breakdown = page.getByRole('region', { name: 'Commitment breakdown' });
    await breakdown
      .getByTitle(/arn:aws:savingsplans::/)
      .first()
      .waitFor({ timeout: 60_000 });
    await alerts.screenshot({ path: screenshotPath('commitments-alerts') });
    // The thresholds the alerts were judged by, in the admin's settings form (left unchanged).
    await alerts.getByRole('button', { name: 'Alert settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Commitment alert settings' });
    await expect(settings.getByRole('textbox', { name: 'Under-used below' }).inputValue()).resolves.toBe(
      '80',
    );
    await settings.screenshot({ path: screenshotPath('commitments-alert-settings') });
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await settings.waitFor({ state: 'hidden' });

    // The purchase analysis: a recommended commitment on the hourly curve, for each look-back.
    const analysis = page.getByRole('region', { name: 'Purchase analysis' });
    const recommendation = analysis.getByLabel('Recommendation', { exact: true });
    await recommendation.waitFor({ timeout: 120_000 });
    expect(await recommendation.textContent()).toMatch(
      /^Commit \$[\d,.]+\/h — saves \$[\d,.]+ over the 30 days/,
    );
    await analysis.getByRole('button', { name: '7 days' }).click();
    await analysis.getByText(/over the 7 days/).waitFor({ timeout: 120_000 });
    await analysis
      .getByRole('img', { name: 'Hourly on-demand spend and the recommended commitment' })
      .waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('commitments-dashboard'), fullPage: true });

    // Reserved instances by normalised units for the same 7 days: the rows the page shows are its API answer's
    // (those with something to buy or no rate known; the ones under break-even wait behind a button).
    const reserved = page.getByRole('region', { name: 'Reserved instance purchase analysis' });
    const table = reserved.getByRole('table', { name: 'Reserved instances to buy' });
    await table.waitFor({ timeout: 60_000 });
    const answer = (await (
      await page.request.get(
        `${COMMITMENTS_PATHS.reservationAnalysis}?look_back=7&term=1yr&payment_option=No%20Upfront`,
      )
    ).json()) as ReservationAnalysis;
    const listed = answer.results.filter((r) => r.recommendation?.instances !== 0);
    expect(listed.length).toBeGreaterThan(0);
    // The table may still hold the 30-day answer while the 7-day one loads: wait for the rows, never read them once.
    await expect.poll(() => table.getByRole('row').count(), { timeout: 60_000 }).toBe(listed.length + 1);
    for (const r of listed) {
      const buy = r.recommendation === null ? '—' : `${r.recommendation.instances} × ${r.instance_type}`;
      await expect
        .poll(() => table.getByRole('row').filter({ hasText: r.family }).filter({ hasText: buy }).count(), {
          timeout: 60_000,
        })
        .toBeGreaterThan(0);
    }
    await reserved.getByRole('img', { name: /^Hourly on-demand normalised units of / }).waitFor();
    await expect(reserved.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).resolves.toContain(
      'format=csv',
    );
    await reserved.screenshot({ path: screenshotPath('commitments-reserved-instances') });

    // Commitment Inventory: the demo's simulated cloud describes its commitments (values marked "(account)"),
    // among them the ElastiCache reservation's engine.
    await page.goto('/v3/cost/reserved/');
    await page
      .getByRole('table', { name: 'Savings plans' })
      .getByRole('row', { name: /\(account\)/ })
      .first()
      .waitFor({ timeout: 120_000 });
    await page
      .getByRole('table', { name: 'Reserved instances' })
      .getByRole('row', { name: /redis \(account\)/ })
      .waitFor({ timeout: 60_000 });
  });
});
