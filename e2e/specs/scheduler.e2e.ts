import { SCHEDULER_PATHS, type Schedule, type ScheduleAction } from '@finlens/contracts/scheduler';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api } from '../support/api';
import { screenshotPath } from '../support/browser';
import { describeOnDemo } from '../support/demo-session';
import { moveClockTo } from '../support/test-clock';
import { waitUntil } from '../support/wait-until';

const cell = (page: Page, name: string) => page.getByRole('gridcell', { name: new RegExp(`^${name},`) });
const isRunning = async (page: Page, name: string) =>
  (await cell(page, name).getAttribute('aria-selected')) === 'true';

/**
 * Moves the simulated cloud's and the resource scheduler's clock just past the schedule's next stop (through a
 * start first when that comes sooner); the app's own clock stays, so its daily jobs do not all fall due.
 */
async function advanceToNextStop(context: BrowserContext, scheduleId: string): Promise<string> {
  for (let step = 0; step < 3; step++) {
    const schedule = await api<Schedule>(context, 'GET', SCHEDULER_PATHS.schedule(scheduleId));
    const next = schedule.next_action;
    if (next === null) throw new Error('the schedule has no next action');
    const to = new Date(Date.parse(next.at) + 60_000).toISOString();
    await moveClockTo(context, new Date(to), 'cloud');
    if (next.action === 'stop') return to;
  }
  throw new Error('no stop within three changes');
}

/** Picks the first non-production EC2 instance the demo's inventory offers (collected after the demo's set-up). */
async function pickDevInstance(page: Page): Promise<string> {
  const picker = page.getByRole('combobox', { name: 'Resources from the inventory' });
  const option = page.getByRole('option', { name: /-dev-\w+ \(i-[0-9a-f]+\)/ }).first();
  for (let attempt = 0; attempt < 12; attempt++) {
    await picker.click();
    await picker.fill('dev');
    const shown = await option
      .waitFor({ timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    await page.keyboard.press('Escape');
    await page.reload(); // the inventory may still be being collected
    await page.getByRole('grid', { name: 'Running hours of the week' }).waitFor();
  }
  const label = (await option.textContent()) ?? '';
  await option.click();
  await page.keyboard.press('Escape');
  return /\((i-[0-9a-f]+)\)/.exec(label)?.[1] ?? '';
}

describeOnDemo('Resource Scheduler in Chromium on a demo organisation', (demo) => {
  it('paints a schedule on the grid, sees the estimate, saves it, moves the simulated clock past its stop, sees the instance stopped in the log, and finds it in the list', {
    timeout: 600_000,
  }, async () => {
    const page = await demo.context.newPage();
    const name = `Dev office hours ${Date.now()}`;
    await page.goto('/v3/essentials/scheduler/');
    await page.getByRole('heading', { level: 1, name: 'Resource Scheduler' }).waitFor();
    await page.getByRole('link', { name: 'New schedule' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New schedule' }).waitFor();
    await page.getByRole('grid', { name: 'Running hours of the week' }).waitFor();
    // First the resource (the page may reload while the demo's inventory is still being collected).
    const instance = await pickDevInstance(page);
    expect(instance).toMatch(/^i-/);
    await page.getByText(`(${instance})`, { exact: false }).first().waitFor();

    // Office hours by default; the keyboard adds 07:00 Monday and carries it down to Friday.
    expect(await isRunning(page, 'Monday 07:00')).toBe(false);
    await cell(page, 'Monday 08:00').focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Space');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      expect(await isRunning(page, `${day} 07:00`)).toBe(true);
    }
    // The mouse paints Saturday 09:00–12:00 running in one drag.
    const from = await cell(page, 'Saturday 09:00').boundingBox();
    const to = await cell(page, 'Saturday 12:00').boundingBox();
    if (from === null || to === null) throw new Error('grid cells not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    for (const hour of ['09', '10', '11', '12'])
      expect(await isRunning(page, `Saturday ${hour}:00`)).toBe(true);
    expect(await isRunning(page, 'Saturday 13:00')).toBe(false);
    await page.getByText('69 running hours a week, 99 stopped.', { exact: false }).waitFor();

    await page.getByLabel(/Schedule name/).fill(name);

    // The pre-flight estimate from the demo bill: a saving per month, and the instance's own line.
    const estimate = page.getByRole('region', { name: 'Estimated saving' });
    await estimate.getByText(instance).first().waitFor({ timeout: 180_000 });
    await estimate
      .getByTestId('estimate-monthly')
      .filter({ hasText: /^\$[\d,]+\.\d\d per month$/ })
      .waitFor();
    await page.getByText('Stopped 99 h a week.', { exact: false }).waitFor();
    await page.screenshot({ path: screenshotPath('scheduler-editor'), fullPage: true });

    await page.getByRole('button', { name: 'Create schedule' }).click();
    await page.waitForURL(/\/v3\/essentials\/scheduler-details\/schedule\//);
    await page.getByRole('heading', { level: 2, name }).waitFor();
    await page.getByLabel(`Timeline of ${instance}`).waitFor();
    await page.getByRole('region', { name: 'Scheduled resources' }).getByText(instance).first().waitFor();
    await page.screenshot({ path: screenshotPath('scheduler-details'), fullPage: true });

    // The simulated clock moves past the schedule's next stop (a test-only control); the next tick stops the
    // instance and logs it.
    const scheduleId = /\/schedule\/([^/?#]+)/.exec(page.url())?.[1] ?? '';
    await page.setViewportSize({ width: 2000, height: 1300 }); // every column of the log rendered
    await advanceToNextStop(demo.context, scheduleId);
    const stopped = page
      .getByRole('region', { name: 'Action log' })
      .getByRole('row')
      .filter({ hasText: instance })
      .filter({ has: page.getByRole('gridcell', { name: 'stop', exact: true }) })
      .filter({ hasText: 'succeeded' });
    // The next tick (every 15 s on the e2e server) may wait behind the demo's own jobs on a busy machine: the
    // schedule's action log is asked until it has the stop, then the page shows it.
    await waitUntil(`a stop of ${instance} in the action log`, async () => {
      const log = await api<{ results: ScheduleAction[] }>(
        demo.context,
        'GET',
        SCHEDULER_PATHS.actions(scheduleId),
      );
      return log.results.some(
        (a) => a.resource_id === instance && a.action === 'stop' && a.outcome === 'succeeded',
      );
    });
    await page.reload();
    await page.getByRole('heading', { level: 2, name }).waitFor();
    await stopped.first().waitFor({ timeout: 10_000 });
    expect(await stopped.first().textContent()).toMatch(/running.*stopp(ing|ed)/);
    await page.screenshot({ path: screenshotPath('scheduler-stopped'), fullPage: true });

    await page.getByRole('link', { name: 'Resource Scheduler' }).first().click();
    const grid = page.getByRole('region', { name: 'Schedules' });
    await page.getByLabel('Search schedules').fill(name);
    await grid.getByRole('link', { name }).waitFor();
    await page.screenshot({ path: screenshotPath('scheduler-list'), fullPage: true });
  });
});
