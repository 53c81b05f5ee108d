import type { Page, Response } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { describeOnDemo, money } from '../support/demo-session';

/** Does `action` and returns the JSON of the first OK response whose URL contains `path`. */
async function answerAfter<T>(page: Page, path: string, action: () => Promise<void>): Promise<T> {
  const waiting = page.waitForResponse((res: Response) => res.url().includes(path) && res.ok(), {
    timeout: 60_000,
  });
  await action();
  return (await (await waiting).json()) as T;
}

describeOnDemo('Home, search and organization overview on a demo organisation', (demo) => {
  it('Home shows the spend summary, the forecast, the chart, top lists and movers linking to the Explorer', {
    timeout: 120_000,
  }, async () => {
    const page = await demo.context.newPage();
    const summary = await answerAfter<{ mtd_spend: number; currency: string }>(
      page,
      '/c/cost_page/cost_summary/',
      async () => {
        await page.goto('/v3/home');
      },
    );
    const mtd = page.getByRole('group', { name: 'Month-to-date spend' });
    await mtd.getByText(money(summary.mtd_spend, summary.currency), { exact: true }).waitFor();
    const forecast = page.getByRole('group', { name: 'Forecast for the month' });
    await forecast.getByText(/^\$[\d,]+\.\d\d$/).waitFor();
    await page.getByRole('img', { name: 'Spend by day this month' }).waitFor();
    const services = page.getByRole('table', { name: 'Top services' });
    await services.getByRole('row').first().waitFor();
    expect(await services.getByRole('row').count()).toBeGreaterThan(0);
    await page.getByRole('table', { name: 'Biggest movers' }).getByRole('row').first().waitFor();
    await page.screenshot({ path: screenshotPath('home'), fullPage: true });

    // The first top service opens the Explorer filtered to it over the same 30 days.
    const first = services.getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await page.waitForURL(/\/v3\/cloud-resource-cost-api\/\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('range')).toBe('30D');
    expect(JSON.parse(params.get('product_servicename') ?? '[]')).toEqual([name]);
  });

  it('the app bar search suggests as one types and opens a detail page; the search page lists hits', {
    timeout: 120_000,
  }, async () => {
    const page = await demo.context.newPage();
    await page.goto('/v3/home');
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.click();
    await box.pressSequentially('Amazon', { delay: 30 });
    await page.getByRole('option').first().waitFor();
    await page.screenshot({ path: screenshotPath('search-suggestions') });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/v3\/search\/detail\//);
    await page.getByText(/^Cost over the last 30 days: \$/).waitFor();
    await page.getByRole('link', { name: 'Open in Explorer' }).waitFor();
    await page.screenshot({ path: screenshotPath('search-detail'), fullPage: true });

    const result = await answerAfter<{ total: number; hits: { label: string }[] }>(
      page,
      '/c/ac/query',
      async () => {
        await page.goto('/v3/search/?q=*&scope=services');
      },
    );
    expect(result.total).toBeGreaterThan(0);
    const grid = page.getByRole('region', { name: 'Search results' });
    await grid.getByRole('link', { name: result.hits[0]?.label ?? '', exact: true }).waitFor();
    await page.getByRole('group', { name: 'Region' }).getByRole('checkbox').first().waitFor();
    await page.screenshot({ path: screenshotPath('search'), fullPage: true });
  });

  it('Organization overview lists the demo project with its spend', { timeout: 120_000 }, async () => {
    const page = await demo.context.newPage();
    await page.goto('/v3/organization-overview');
    const grid = page.getByRole('region', { name: 'Accounts' });
    await grid.getByText('Demo organisation').waitFor({ timeout: 60_000 });
    await grid.getByText('Usage account').first().waitFor();
    await page.screenshot({ path: screenshotPath('organization-overview'), fullPage: true });
  });
});
