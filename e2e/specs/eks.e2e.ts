import {
  asgDashboardSchema,
  COMPUTE_COPILOT_PATHS as COPILOT,
  databricksDashboardSchema,
  visibilitySchema,
} from '@finlens/contracts/compute-copilot';
import {
  CONTAINERS_PATHS,
  rightsizingSchema,
  type WorkloadRecommendation,
} from '@finlens/contracts/containers';
import {
  RECOMMENDATIONS_PATHS,
  type RecommendationsList,
  recommendationDetailSchema,
} from '@finlens/contracts/recommendations';
import type { Page, Response } from 'playwright-core';
import { expect, it } from 'vitest';
import { api } from '../support/api';
import { screenshotPath } from '../support/browser';
import { describeOnDemo, money } from '../support/demo-session';
import { waitUntil } from '../support/wait-until';

/** The demo's office-hours batch tier: the group the rules advise to scale in outside office hours. */
const SCHEDULED_GROUP = 'batch-reports-asg';

/** Opens `url` and returns the page's own answer from the API at `path` (its range is the page's), parsed. */
async function openWithAnswer<T>(
  page: Page,
  url: string,
  path: string,
  schema: { parse: (json: unknown) => T },
): Promise<T> {
  const answer = page.waitForResponse((res: Response) => new URL(res.url()).pathname === path && res.ok(), {
    timeout: 120_000,
  });
  await page.goto(url);
  return schema.parse(await (await answer).json());
}

/** The headline figure `label` shows exactly `value`. */
async function figureShows(page: Page, label: string, value: string) {
  await page.getByRole('group', { name: label, exact: true }).getByText(value, { exact: true }).waitFor();
}

describeOnDemo('EKS cost in Chromium on a demo organisation', (demo) => {
  it('opens the EKS dashboard, drills into a namespace and a workload, sees its rightsizing and opens its recommendation', {
    timeout: 420_000,
  }, async () => {
    // A workload the demo over-requests, as the rightsizing call names it, once the container-rightsizing rule
    // (run after the demo's first collection) has a recommendation for it: wait, asking the API.
    let workload: WorkloadRecommendation | undefined;
    await waitUntil(
      'an over-requested workload with a container-rightsizing recommendation',
      async () => {
        const answer = await api(demo.context, 'GET', CONTAINERS_PATHS.rightsizing);
        workload = rightsizingSchema
          .parse(answer)
          .workloads.find((w) => w.cpu.recommended !== null && w.recommendation_id !== null);
        return workload !== undefined;
      },
      { timeoutMs: 300_000 },
    );
    if (workload?.recommendation_id == null) throw new Error('the demo has over-requested workloads');
    const recommendationId = workload.recommendation_id;

    const page = await demo.context.newPage();
    await page.goto('/v3/compute-copilot/eks/dashboard/');
    const clusters = page.getByRole('table', { name: 'Clusters', exact: true });
    await clusters.getByRole('link', { name: 'prod-eks-use1' }).waitFor({ timeout: 120_000 });
    await clusters.getByRole('link', { name: 'staging-eks-use1' }).waitFor();
    await page.locator('[aria-label="Cluster cost over time"] svg').first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('eks-dashboard'), fullPage: true });

    await page.getByRole('link', { name: 'Details', exact: true }).click();
    const byNamespace = page.getByRole('table', { name: 'Cost by Namespace' });
    await byNamespace
      .getByRole('row', { name: `Open ${workload.namespace}` })
      .filter({ hasText: workload.cluster_name })
      .click();
    const byWorkload = page.getByRole('table', { name: 'Cost by Workload' });
    const row = byWorkload.getByRole('row', { name: `Open ${workload.controller}` });
    await row.waitFor({ timeout: 60_000 });
    await page.waitForURL((url) => url.searchParams.get('namespace') === workload?.namespace);
    await page.screenshot({ path: screenshotPath('eks-details-namespace'), fullPage: true });

    await row.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('table', { name: 'Cost by Pod' })
      .getByRole('row', { name: /^Open / })
      .first()
      .waitFor();
    await page.getByRole('link', { name: `Rightsizing of ${workload.controller}` }).click();
    await page.waitForURL(/container-rightsizing/);
    const grid = page.getByRole('region', { name: 'Workload rightsizing' });
    const recommendation = grid.getByRole('row').filter({ hasText: workload.controller });
    await recommendation.filter({ hasText: '→' }).first().waitFor({ timeout: 60_000 });
    expect(
      await grid
        .getByRole('row')
        .filter({ hasText: /\(fits\)|→/ })
        .count(),
    ).toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('eks-rightsizing'), fullPage: true });

    // Its row links to the rule's recommendation: the details page shows that workload's finding and saving.
    const { recommendation: rec } = recommendationDetailSchema.parse(
      await api(demo.context, 'GET', RECOMMENDATIONS_PATHS.detail(recommendationId)),
    );
    expect(rec).toMatchObject({ type: 'container-rightsizing', resource_id: workload.id });
    await recommendation
      .filter({ hasText: workload.cluster_name })
      .getByRole('link', { name: `Recommendation for ${workload.controller}`, exact: true })
      .click();
    await page.waitForURL(
      (url) =>
        decodeURIComponent(url.pathname) ===
        `/v3/essentials/rightsizing-details/container-rightsizing/${recommendationId}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Rightsizing Details' }).waitFor();
    const title = page.getByRole('heading', { level: 2, name: rec.title, exact: true });
    await title.waitFor({ timeout: 60_000 });
    expect(rec.title).toMatch(new RegExp(`^Lower the requests of ${workload.controller} to `));
    await page
      .getByText(`Saves ${money(rec.saving.estimated_monthly_saving, 'USD')} per month`, { exact: true })
      .waitFor();
    await page.getByText(`${workload.namespace}/${workload.controller} to `).waitFor();
    const facts = page.getByRole('region', { name: 'Evidence' });
    await facts.getByText(`Evidence, ${rec.evidence.start_date} to ${rec.evidence.end_date}`).waitFor();
    await page.getByRole('region', { name: 'Savings ledger' }).waitFor();
    await page.screenshot({ path: screenshotPath('eks-rightsizing-recommendation'), fullPage: true });
  });

  it('shows the demo Auto Scaling groups, a group’s advice leading to its recommendation, the Databricks workspace, compute spend and the Container Scheduler', {
    timeout: 420_000,
  }, async () => {
    // The rules run after the demo's first inventory and metrics collection: wait (asking the API) for them to
    // have advised scheduled scaling for the batch tier, so the group's page and the rule's list both show it.
    const open = `${RECOMMENDATIONS_PATHS.list}?type=asg-scheduled-scaling&status=open&search=${SCHEDULED_GROUP}`;
    await waitUntil(
      `an open asg-scheduled-scaling recommendation for ${SCHEDULED_GROUP}`,
      async () => (await api<RecommendationsList>(demo.context, 'GET', open)).count > 0,
      { timeoutMs: 300_000 },
    );
    const page = await demo.context.newPage();

    const asg = await openWithAnswer(
      page,
      '/v3/compute-copilot/asg/dashboard/',
      COPILOT.asg,
      asgDashboardSchema,
    );
    expect(asg.groups.map((g) => g.name)).toContain('web-frontend-asg');
    await figureShows(page, 'Groups', String(asg.totals.groups));
    await figureShows(page, 'Effective cost', money(asg.totals.effective, asg.currency));
    const groups = page.getByRole('region', { name: 'Auto Scaling groups' });
    for (const g of asg.groups) await groups.getByRole('link', { name: g.name, exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('asg-dashboard'), fullPage: true });

    // The batch tier's scheduled-scaling card links to the rule's recommendation of that group.
    const group = asg.groups.find((g) => g.name === SCHEDULED_GROUP);
    const advice = group?.advice.find((a) => a.type === 'scheduled-scaling');
    if (group === undefined || advice === undefined)
      throw new Error(`the demo advises scheduled scaling for ${SCHEDULED_GROUP}`);
    await groups.getByRole('link', { name: group.name, exact: true }).click();
    await page.getByRole('heading', { name: group.name, exact: true, level: 2 }).waitFor();
    await figureShows(page, 'Effective cost', money(group.cost.effective, asg.currency));
    await page
      .getByRole('region', { name: `Instances of ${group.name}` })
      .getByRole('row')
      .nth(1)
      .waitFor();
    await page.screenshot({ path: screenshotPath('asg-group'), fullPage: true });
    const card = page
      .getByRole('region', { name: 'Recommendations', exact: true })
      .locator('.MuiPaper-root', {
        hasText: advice.title,
      });
    await card.getByRole('link', { name: 'Review and apply the recommendation' }).click();
    // The rule's list searched for the group, its one row the rule's finding for it (same title as the card's).
    await page.waitForURL(
      new RegExp(`/v3/cost/recommendations/asg-scheduled-scaling\\?search=${group.name}$`),
    );
    expect(await page.getByRole('textbox', { name: 'Resource' }).inputValue()).toBe(group.name);
    const table = page.getByRole('table', { name: 'Recommendations' });
    const row = table.getByRole('row', { name: `Open ${advice.title} in ${group.name}`, exact: true });
    await row.waitFor({ timeout: 60_000 });
    expect(await row.textContent()).toContain(group.name);
    expect(await table.getByRole('row', { name: /^Open / }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('asg-recommendation'), fullPage: true });

    const dbx = await openWithAnswer(
      page,
      '/v3/compute-copilot/databricks-dashboard/',
      COPILOT.databricks,
      databricksDashboardSchema,
    );
    const workspace = dbx.workspaces[0];
    if (workspace === undefined) throw new Error('the demo has a Databricks workspace');
    await figureShows(page, 'Total', money(dbx.totals.total, dbx.currency));
    await page
      .getByRole('region', { name: 'Databricks workspaces' })
      .getByRole('row')
      .filter({ hasText: workspace.label })
      .filter({ hasText: money(workspace.total, dbx.currency) })
      .waitFor();
    const clusters = page.getByRole('region', { name: 'Databricks clusters' });
    for (const c of dbx.clusters)
      await clusters
        .getByRole('row')
        .filter({ hasText: c.label })
        .filter({ hasText: money(c.total, dbx.currency) })
        .waitFor();
    await page.screenshot({ path: screenshotPath('databricks-dashboard'), fullPage: true });

    const visibility = await openWithAnswer(
      page,
      '/v3/compute-copilot/visibility-dashboard/',
      COPILOT.visibility,
      visibilitySchema,
    );
    await figureShows(page, 'Compute spend', money(visibility.totals.effective, visibility.currency));
    await figureShows(page, 'Savings achieved', money(visibility.totals.savings, visibility.currency));
    const byOption = page.getByRole('region', { name: 'Compute spend by purchase option' });
    for (const option of visibility.by_purchase_option)
      await byOption
        .getByRole('row')
        .filter({ hasText: option.label })
        .filter({ hasText: money(option.effective, visibility.currency) })
        .waitFor();
    await page.screenshot({ path: screenshotPath('visibility-dashboard'), fullPage: true });

    // The demo's two EKS clusters are simulated from its cloud scenario; opening one lists a namespace's
    // workloads (a Deployment the bill has pods of).
    const deployment = rightsizingSchema
      .parse(await api(demo.context, 'GET', CONTAINERS_PATHS.rightsizing))
      .workloads.find((w) => w.cluster_name === 'prod-eks-use1' && w.controller_kind === 'Deployment');
    if (deployment === undefined) throw new Error('the demo cluster has deployments');
    await page.goto('/v3/compute-copilot/container-scheduler/');
    await page.getByRole('heading', { name: 'Container Scheduler', level: 1 }).waitFor();
    const clusterTable = page.getByRole('table', { name: 'Kubernetes clusters' });
    for (const name of ['prod-eks-use1', 'staging-eks-use1']) {
      await clusterTable
        .getByRole('row', { name: `Open ${name}` })
        .filter({ hasText: 'Simulated (the cloud scenario)' })
        .waitFor({ timeout: 60_000 });
    }
    expect(await page.getByRole('button', { name: 'Add cluster' }).isEnabled()).toBe(true);
    await clusterTable.getByRole('row', { name: 'Open prod-eks-use1' }).click();
    await page.getByRole('combobox', { name: 'Namespace' }).fill(deployment.namespace);
    await page.getByRole('button', { name: 'List workloads' }).click();
    await page
      .getByRole('region', { name: `Workloads in ${deployment.namespace}` })
      .getByRole('row')
      .filter({ hasText: deployment.controller })
      .first()
      .waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('container-scheduler'), fullPage: true });
  });
});
