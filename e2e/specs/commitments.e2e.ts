import {
  COMMITMENTS_PATHS,
  type CommitmentDashboard,
  type ConvertibleAnalysis,
  type ReservationAnalysis,
} from '@finlens/contracts/commitments';
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
  it('shows the under-used convertible reservation and the exchange that would cover its use on both convertible RI pages', {
    timeout: 180_000,
  }, async () => {
    const page = await demo.context.newPage();
    for (const [path, title] of [
      ['/v3/convertible-ri/', 'Convertible RI'],
      ['/v3/cri-analysis/', 'Convertible RI Analysis'],
    ] as const) {
      // The figures are the page's own answer from the API.
      const answered = page.waitForResponse(
        (r) => r.url().includes(COMMITMENTS_PATHS.convertible) && r.ok(),
        {
          timeout: 120_000,
        },
      );
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 60_000 });
      // The demo's convertible reservation: r6g.xlarge in eu-west-1, half of them running.
      const row = page
        .getByRole('region', { name: 'Convertible reservations' })
        .getByRole('row')
        .filter({ hasText: 'r6g.xlarge' })
        .filter({ hasText: 'eu-west-1' });
      await row.waitFor({ timeout: 120_000 });
      const answer = (await (await answered).json()) as ConvertibleAnalysis;
      const reservation = answer.results.find((r) => r.instance_type === 'r6g.xlarge');
      const exchange = reservation?.exchange;
      if (!reservation || !exchange)
        throw new Error(`no exchange for the convertible reservation: ${JSON.stringify(answer)}`);
      expect(reservation.utilisation).toBeGreaterThan(0.35);
      expect(reservation.utilisation).toBeLessThan(0.55);
      // The value rule: the new reservations are worth at least what is left of the old one.
      expect(exchange.new_value).toBeGreaterThanOrEqual(reservation.remaining_value - 1e-6);
      expect(exchange.instances).toBeGreaterThanOrEqual(exchange.minimum_instances);
      expect(exchange.utilisation_after ?? 0).toBeGreaterThan(reservation.utilisation ?? 1);
      // The row shows those figures: utilisation, the exchange and its effect.
      for (const text of [
        `${(Number(reservation.utilisation) * 100).toFixed(1)} %`,
        `${exchange.instances} × ${exchange.target_instance_type}`,
        `→ ${(Number(exchange.utilisation_after) * 100).toFixed(1)} %`,
      ])
        await row.filter({ hasText: text }).waitFor({ timeout: 30_000 });
      // Every column fits beside the menu at 1440 px: the last one (the end date) too, without scrolling.
      const ends = row.locator('[col-id="ends"]');
      await ends.waitFor({ timeout: 30_000 });
      const box = await ends.boundingBox();
      expect((box?.x ?? Number.POSITIVE_INFINITY) + (box?.width ?? 0)).toBeLessThanOrEqual(1440);
      await page.screenshot({
        path: screenshotPath(`commitments${path.replaceAll('/', '-').replace(/-$/, '')}`),
        fullPage: true,
      });
    }
  });

  it('Compute Copilot Optimization Summary shows the effective savings rate and the savings from commitments of the last 30 days', {
    timeout: 120_000,
  }, async () => {
    const page = await demo.context.newPage();
    // The figures are the page's own answer from the dashboard's API (its last 30 days, UTC).
    const answered = page.waitForResponse(
      (r) =>
        r.url().includes(COMMITMENTS_PATHS.dashboard) && r.url().includes('group_by=commitment') && r.ok(),
      { timeout: 120_000 },
    );
    await page.goto('/v3/compute-copilot/summary/');
    await page.getByRole('heading', { level: 1, name: 'Optimization Summary' }).waitFor({ timeout: 60_000 });
    const { totals } = (await (await answered).json()) as CommitmentDashboard;
    const rate = page.getByRole('group', { name: 'Effective savings rate' });
    // A rate and an amount from the bill (the demo's fleet runs mostly on demand, so the rate is low).
    expect(totals.effective_savings_rate).toBeGreaterThan(-1);
    expect(totals.effective_savings_rate).toBeLessThan(1);
    expect(Number.isFinite(totals.net_savings)).toBe(true);
    const money = (value: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }).format(
        value,
      );
    await rate
      .getByText(`${(Number(totals.effective_savings_rate) * 100).toFixed(1)} %`)
      .waitFor({ timeout: 30_000 });
    await page
      .getByRole('group', { name: 'Savings from commitments' })
      .getByText(money(totals.net_savings))
      .waitFor({ timeout: 30_000 });
    await page.getByRole('group', { name: 'Spot savings' }).getByText(money(totals.spot_savings)).waitFor();
    await page.getByRole('img', { name: 'Savings by lever' }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: screenshotPath('commitments-optimization-summary'), fullPage: true });
  });
});
