/// <reference lib="dom" />
// opaqueOverLastRow runs in the page (Playwright evaluate), with the DOM.
import { readFileSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { describeOnDemo, money } from '../support/demo-session';
import { runFinlens } from '../support/finlens-cli';

const COST_PATH = '/c/cost_page/dimension_daily_cost/';

interface CostAnswer {
  total: number;
  currency: string;
  granularity_used: string;
  periods: string[];
  forecast: boolean[];
  forecast_total: number;
  series: { key: string | null; label: string; total: number; costs: number[]; forecast_costs: number[] }[];
}

/**
 * Does `action` and returns the dimension_daily_cost answer whose query string passes `match`. The page may
 * cancel a request it has made (its query changed before the answer was read: the body is then gone), so a
 * response whose body cannot be read is skipped for the next matching one.
 */
async function costAnswerAfter(
  page: Page,
  match: (params: URLSearchParams) => boolean,
  action: () => Promise<void>,
): Promise<{ params: URLSearchParams; answer: CostAnswer }> {
  const answers: Promise<{ params: URLSearchParams; answer: CostAnswer } | null>[] = [];
  const onResponse = (res: Response) => {
    if (!res.url().includes(COST_PATH) || !res.ok()) return;
    const params = new URL(res.url()).searchParams;
    if (!match(params)) return;
    answers.push(
      res.json().then(
        (answer) => ({ params, answer: answer as CostAnswer }),
        () => null,
      ),
    );
  };
  page.on('response', onResponse);
  try {
    await action();
    const deadline = Date.now() + 60_000;
    for (let next = 0; Date.now() < deadline; ) {
      if (next < answers.length) {
        const read = await answers[next++];
        if (read) return read;
      } else await page.waitForTimeout(50);
    }
    throw new Error('no readable cost answer matched within 60 s');
  } finally {
    page.off('response', onResponse);
  }
}

/** Does `action` and returns the bytes of the file it downloads. */
async function downloaded(page: Page, action: () => Promise<void>): Promise<Buffer> {
  const waiting = page.waitForEvent('download');
  await action();
  const path = await (await waiting).path();
  return readFileSync(path);
}

/**
 * The page shows the answer's actual total in the summary, in the grid's total row and as the chart's sum, and
 * its forecast in the summary and the grid's forecast column (a current month holds both: actual to date and
 * the forecast of its remaining days).
 */
async function expectTotalsShown(page: Page, answer: CostAnswer) {
  const text = money(answer.total, answer.currency);
  await page
    .getByLabel('Total cost')
    .filter({ hasText: `Total ${text}` })
    .waitFor();
  // The grid takes an answer one painted frame after the chart and summary (ExplorerResults' AnswerGrid).
  const totalRow = page.locator('.ag-row-pinned [col-id="total"]');
  await expect.poll(() => totalRow.textContent()).toBe(text);
  if (answer.forecast_total > 0) {
    const forecast = money(answer.forecast_total, answer.currency);
    await expect(page.getByLabel('Forecast cost').textContent()).resolves.toBe(`Forecast ${forecast}`);
    const forecastCell = page.locator('.ag-row-pinned [col-id="forecast"]');
    await expect.poll(() => forecastCell.textContent()).toBe(forecast);
  }
  // The chart draws one window of periods (spec §9: the newest 40 days, 72 hours or 7 periods) and says
  // what it adds up to: the actual part of the answer's costs over those periods. A change that keeps the
  // total (granularity) leaves the summary as it was, so wait for the chart to draw this answer.
  const chart = page.getByRole('img', { name: /^Cost by / });
  const drawnOf = (label: string) => {
    const shown = Number(/actual over the (\d+) periods shown/.exec(label)?.[1]);
    const from = answer.periods.length - shown;
    const drawn = answer.series.reduce(
      (sum, s) =>
        sum + s.costs.reduce((part, c, i) => (i >= from ? part + c - (s.forecast_costs[i] ?? 0) : part), 0),
      0,
    );
    return { shown, drawn, expected: `: ${money(drawn, answer.currency)} actual over the ` };
  };
  await expect
    .poll(
      async () => {
        const label = (await chart.getAttribute('aria-label')) ?? '';
        return label.includes(drawnOf(label).expected) ? 'drawn' : label;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe('drawn');
  const { shown, drawn } = drawnOf((await chart.getAttribute('aria-label')) ?? '');
  if (shown === answer.periods.length) expect(drawn).toBeCloseTo(answer.total, 6);
}

/**
 * What is drawn over the lower part of a grid's last row with a background of its own (in the page: the elements
 * above the row at a point 4 px over its bottom edge).
 */
function opaqueOverLastRow(region: HTMLElement): string[] {
  const rows = Array.from(region.querySelectorAll('.ag-grid-scrolling-container .ag-row'));
  const row = rows.sort((a, b) => a.getBoundingClientRect().bottom - b.getBoundingClientRect().bottom).at(-1);
  if (row === undefined) return ['no row'];
  const box = region.getBoundingClientRect();
  const stack = document.elementsFromPoint(box.left + box.width / 2, row.getBoundingClientRect().bottom - 4);
  const at = stack.findIndex((element) => row.contains(element));
  if (at < 0) return ['the row is not at its place'];
  return stack
    .slice(0, at)
    .filter((element) => getComputedStyle(element).backgroundColor !== 'rgba(0, 0, 0, 0)')
    .map((element) => element.className.toString());
}

describeOnDemo('Explorer in Chromium on a demo organisation', (demo) => {
  it('groups, filters, changes granularity and range, and shows the API totals', {
    timeout: 180_000,
  }, async () => {
    const page = await demo.context.newPage();
    const opened = await costAnswerAfter(
      page,
      (p) => p.get('dimension') === 'product_servicename',
      async () => {
        await page.goto('/v3/cloud-resource-cost-api/?range=3M&granularity=month');
      },
    );
    const overall = opened.answer;
    expect(overall.total).toBeGreaterThan(0);
    expect(overall.granularity_used).toBe('month');
    await expectTotalsShown(page, overall);

    // `finlens query` on the same data and range gives the same total.
    const cli = await runFinlens(
      [
        'query',
        '--from',
        opened.params.get('start_date') ?? '',
        '--to',
        opened.params.get('end_date') ?? '',
        '--format',
        'json',
      ],
      { dataDir: demo.dataDir },
    );
    expect(cli.code, cli.stderr).toBe(0);
    const cliTotal = (JSON.parse(cli.stdout) as { total: number }).total;
    expect(cliTotal).toBeCloseTo(overall.total, 2);

    // Group by region: the same total, split differently.
    const byRegion = await costAnswerAfter(
      page,
      (p) => p.get('dimension') === 'product_region',
      () => page.getByRole('button', { name: 'Regions' }).click(),
    );
    expect(byRegion.answer.total).toBeCloseTo(overall.total, 6);
    await expectTotalsShown(page, byRegion.answer);
    const region = byRegion.answer.series.find((s) => s.key !== null && s.key !== '__others__');
    if (region === undefined || region.key === null) throw new Error('the demo data has no region');

    // Filter on the largest region: the total becomes that region's.
    await page.getByRole('combobox', { name: 'Filter by' }).fill('Region');
    await page.getByRole('option', { name: 'Region', exact: true }).click();
    await page.getByRole('combobox', { name: 'Values' }).fill(region.key);
    await page.getByRole('option', { name: region.key, exact: true }).click();
    const filtered = await costAnswerAfter(
      page,
      (p) => p.get('product_region') === JSON.stringify([region.key]),
      () => page.getByRole('button', { name: 'Add filter' }).click(),
    );
    // (a series' total holds its forecast too; the answer's total is actual spend only)
    const regionActual = region.costs.reduce((sum, c, i) => sum + c - (region.forecast_costs[i] ?? 0), 0);
    expect(filtered.answer.total).toBeCloseTo(regionActual, 6);
    await expectTotalsShown(page, filtered.answer);
    expect(new URL(page.url()).searchParams.get('product_region')).toBe(JSON.stringify([region.key]));

    // Weekly granularity on the same range: the same total by week.
    await page.getByRole('combobox', { name: 'Granularity' }).click();
    const weekly = await costAnswerAfter(
      page,
      (p) => p.get('granularity') === 'week',
      () => page.getByRole('option', { name: 'Weekly' }).click(),
    );
    expect(weekly.answer.total).toBeCloseTo(filtered.answer.total, 6);
    await expectTotalsShown(page, weekly.answer);

    // Range 30D: hour and day stay offered, the filter and group-by stay.
    await page.getByRole('combobox', { name: 'Range' }).click();
    const recent = await costAnswerAfter(
      page,
      (p) => p.get('start_date') !== opened.params.get('start_date') && p.has('product_region'),
      () => page.getByRole('option', { name: '30D', exact: true }).click(),
    );
    await expectTotalsShown(page, recent.answer);
    // 30 daily columns overflow the grid's width. Where scrollbars overlay the page (headless Chromium, macOS), AG
    // Grid lays its horizontal scrollbar over the last row: what lies there lets the row show through (a white
    // strip hid the row's lower 16 px).
    const grid = page.getByRole('region', { name: 'Cost table' });
    await grid.scrollIntoViewIfNeeded();
    await expect.poll(() => grid.evaluate(opaqueOverLastRow)).toEqual([]);
    // The pinned total row's cells line up with the columns above them (they were 32 px wider).
    const totalCellEdges = () =>
      grid.evaluate((region) =>
        Array.from(region.querySelectorAll('.ag-cell[col-id="total"]'), (cell) =>
          Math.round(cell.getBoundingClientRect().right),
        ),
      );
    await expect.poll(async () => new Set(await totalCellEdges()).size).toBe(1);

    // A link reproduces the view.
    const link = page.url();
    const again = await demo.context.newPage();
    const reopened = await costAnswerAfter(
      again,
      (p) => p.has('product_region'),
      async () => {
        await again.goto(link);
      },
    );
    expect(reopened.answer.total).toBeCloseTo(recent.answer.total, 6);
    await again.close();

    // Back to 3M: the answer comes from the query cache, the page shows its totals again.
    await page.getByRole('combobox', { name: 'Range' }).click();
    await page.getByRole('option', { name: '3M', exact: true }).click();
    await expectTotalsShown(page, weekly.answer);
    await page.screenshot({ path: screenshotPath('explorer'), fullPage: true });

    // PNG export: 1200x600 at scale 3 (spec §9); CSV export: the grid's rows.
    const png = await downloaded(page, () => page.getByRole('button', { name: 'Export PNG' }).click());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([3600, 1800]);
    const csv = (
      await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click())
    ).toString();
    expect(csv.split('\n')[0]).toContain('"Region","Total"');
    expect(csv).toContain(`"${region.key}"`);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expectTotalsShown(page, weekly.answer);
    await page.screenshot({ path: screenshotPath('explorer-dark'), fullPage: true });
    await page.close();
  });
});
