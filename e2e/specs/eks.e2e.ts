import { CONTAINERS_PATHS, rightsizingSchema } from '@finlens/contracts/containers';
import { expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { describeOnDemo } from '../support/demo-session';

describeOnDemo('EKS cost in Chromium on a demo organisation', (demo) => {
  it('opens the EKS dashboard, drills into a namespace and a workload and sees its rightsizing', {
    timeout: 240_000,
  }, async () => {
    const page = await demo.context.newPage();
    await page.goto('/v3/compute-copilot/eks/dashboard/');
    const clusters = page.getByRole('table', { name: 'Clusters', exact: true });
    await clusters.getByRole('link', { name: 'prod-eks-use1' }).waitFor({ timeout: 120_000 });
    await clusters.getByRole('link', { name: 'staging-eks-use1' }).waitFor();
    await page.locator('[aria-label="Cluster cost over time"] svg').first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('eks-dashboard'), fullPage: true });

    // A workload the demo over-requests, as the rightsizing call names it.
    const answer = await page.request.get(CONTAINERS_PATHS.rightsizing);
    const workload = rightsizingSchema
      .parse(await answer.json())
      .workloads.find((w) => w.cpu.recommended !== null);
    if (workload === undefined) throw new Error('the demo has over-requested workloads');

    await page.getByRole('link', { name: 'Details', exact: true }).click();
    const byNamespace = page.getByRole('table', { name: 'Cost by Namespace' });
    await byNamespace
      .getByRole('row', { name: `Open ${workload.namespace}` })
      .filter({ hasText: workload.cluster_name })
      .click();
    const byWorkload = page.getByRole('table', { name: 'Cost by Workload' });
    const row = byWorkload.getByRole('row', { name: `Open ${workload.controller}` });
    await row.waitFor({ timeout: 60_000 });
    expect(page.url()).toContain(`namespace=${encodeURIComponent(workload.namespace)}`);
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
  });
});
