import type { PolicyData } from '@finlens/contracts/policy';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';

const requests = recordRequests();
const TAB = '/v3/settings?tab=iam-policy-update';

const ADDED = [
  { action: 'rds:DescribeDBInstances', policy: 'finlens-inventory-read', optional: false },
  { action: 'ec2:DescribeInstances', policy: 'finlens-inventory-read', optional: false },
  { action: 'ec2:StopInstances', policy: 'finlens-actions', optional: true },
];
const LATEST = {
  version: '2026-11-26',
  released_at: '2026-11-26T00:00:00Z',
  summary: 'Adds inventory read.',
};
const NONE = { added: [], removed: [] };

const project = (id: string, name: string, accepted: string | null, upToDate: boolean) => ({
  project_id: id,
  project_name: name,
  accepted_version: accepted,
  accepted_at: accepted === null ? null : '2026-11-22T10:00:00Z',
  up_to_date: upToDate,
  changes: upToDate ? NONE : { added: ADDED, removed: [] },
});

const OUTDATED: PolicyData = {
  latest: LATEST,
  projects: [project('p1', 'Alpha', '2026-11-22', false), project('p2', 'Beta', '2026-11-22', false)],
  accepted: false,
};

/** GET answers `before` until a POST is made, then what the POST would leave. */
function servePolicy(before: PolicyData) {
  let current = before;
  server.use(
    http.get('*/c/policy_version/', () => HttpResponse.json(current)),
    http.post('*/c/policy_version/', async ({ request }) => {
      const body = (await request.json()) as { project_id: string };
      const projects = current.projects.map((p) =>
        body.project_id === 'all' || p.project_id === body.project_id
          ? { ...p, accepted_version: LATEST.version, up_to_date: true, changes: NONE }
          : p,
      );
      current = { ...current, projects, accepted: projects.every((p) => p.up_to_date) };
      return HttpResponse.json(current);
    }),
  );
}

async function table() {
  return screen.findByRole('table', { name: 'Project policies' }, { timeout: 10_000 });
}

describe('IAM Policy Update tab', () => {
  it('shows what the latest version adds since the accepted one, per role policy', async () => {
    servePolicy(OUTDATED);
    const { user } = renderWithProviders(TAB, { signedIn: true });
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Alpha2026-11-22 (11/22/2026)3 addedAccept');
    expect(
      screen.getByText(/Latest IAM policy: 2026-11-26, released 11\/26\/2026\. Adds inventory read\./),
    ).toBeVisible();
    const summary = screen.getByRole('button', {
      name: /Changes since 2026-11-22 \(Alpha, Beta\): 3 added, 0 removed/,
    });
    await user.click(summary);
    const inventory = await screen.findByText('rds:DescribeDBInstances, ec2:DescribeInstances');
    expect(inventory.parentElement).toHaveTextContent(
      'finlens-inventory-read: rds:DescribeDBInstances, ec2:DescribeInstances',
    );
    expect(screen.getByText('ec2:StopInstances').parentElement).toHaveTextContent(
      'finlens-actions (only where you allow actions): ec2:StopInstances',
    );
  });

  it('accepts for one project, then for all, reloading the policy data', async () => {
    servePolicy(OUTDATED);
    const { user } = renderWithProviders(TAB, { signedIn: true });
    await table();
    await user.click(screen.getByRole('button', { name: 'Accept for Alpha' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept for Alpha' })).toBeNull());
    expect(requests.bodyOf('POST /c/policy_version/')).toEqual({ project_id: 'p1', accepted: true });
    expect(within(await table()).getAllByRole('row')[1]).toHaveTextContent('Up to date');
    await user.click(screen.getByRole('button', { name: 'Accept for all projects' }));
    expect(await screen.findByText('Every project has accepted the latest policy.')).toBeVisible();
    expect(requests.log.filter((e) => e.call === 'POST /c/policy_version/').map((e) => e.body)).toEqual([
      { project_id: 'p1', accepted: true },
      { project_id: 'all', accepted: true },
    ]);
    expect(screen.queryByRole('button', { name: 'Accept for all projects' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Changes since/ })).toBeNull();
  });

  it('shows the error and keeps the project outdated when accepting fails', async () => {
    servePolicy(OUTDATED);
    server.use(
      http.post('*/c/policy_version/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    );
    const { user } = renderWithProviders(TAB, { signedIn: true });
    await table();
    await user.click(screen.getByRole('button', { name: 'Accept for Beta' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(within(await table()).getAllByRole('row')[2]).toHaveTextContent(
      'Beta2026-11-22 (11/22/2026)3 addedAccept',
    );
  });

  it('lets a member read the changes but not accept them', async () => {
    server.use(http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })));
    servePolicy(OUTDATED);
    renderWithProviders(TAB, { signedIn: true });
    await table();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept for Alpha' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Accept for all projects' })).toBeDisabled();
  });
});
