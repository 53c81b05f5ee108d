import { COST_TARGET_PATHS as P } from '@finlens/contracts/cost-targets';
import { PAYMENT_PATHS } from '@finlens/contracts/payment';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PACKAGE, TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderElement } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { COMPUTE, ENDED, STORAGE } from './cost-targets-fixtures.test-helper';
import { TargetsPage } from './TargetsPage';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };

function answer(targets = [COMPUTE, STORAGE, ENDED]) {
  let list = targets;
  server.use(
    http.get(`*${P.targets}`, () => HttpResponse.json(list)),
    http.delete(`*${P.target}`, ({ params }) => {
      list = list.filter((t) => t.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('link')[0]?.textContent);

describe('TargetsPage', () => {
  it('shows each target with actual vs budget, the forecast and its status in words', {
    timeout: 30_000,
  }, async () => {
    answer();
    renderElement(<TargetsPage />);
    const table = await screen.findByRole('table', { name: 'Cost targets' }, SLOW);
    expect(
      within(table).getByRole('progressbar', { name: 'Compute $500.00 of $1,000.00 (50.0%)' }),
    ).toHaveAttribute('aria-valuenow', '50');
    // Storage is over: its bar is full (scaled to the forecast, the largest figure) and says so in words.
    expect(
      within(table).getByRole('progressbar', { name: 'Storage $250.00 of $200.00 (125.0%)' }),
    ).toBeInTheDocument();
    const storage = within(table).getByRole('link', { name: 'Storage' }).closest('tr') as HTMLElement;
    expect(within(storage).getByText('Over budget')).toBeInTheDocument();
    expect(within(storage).getByText(/forecast \$400\.00/)).toBeInTheDocument();
    const compute = within(table).getByRole('link', { name: 'Compute' }).closest('tr') as HTMLElement;
    expect(within(compute).getByText('On track')).toBeInTheDocument();
    expect(within(table).getByText('Ended')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Compute' })).toHaveAttribute(
      'href',
      `/v3/update-target/${COMPUTE.id}`,
    );
    expect(requests.calls()).toContain(`GET ${P.targets}?imply_client=true`);
  });

  it('searches by name and sorts by use', { timeout: 30_000 }, async () => {
    answer();
    const { user, router } = renderElement(<TargetsPage />);
    const table = await screen.findByRole('table', { name: 'Cost targets' }, SLOW);
    expect(rowNames(table)).toEqual(['Compute', 'Old project', 'Storage']);
    await user.click(within(table).getByRole('button', { name: 'Actual vs budget' }));
    await user.click(within(table).getByRole('button', { name: 'Actual vs budget' }));
    expect(rowNames(table)).toEqual(['Storage', 'Compute', 'Old project']);
    expect(router.state.location.search).toContain('sort=used');
    await user.type(screen.getByRole('textbox', { name: 'Search targets' }), 'stor');
    expect(rowNames(table)).toEqual(['Storage']);
    await user.type(screen.getByRole('textbox', { name: 'Search targets' }), 'zzz');
    expect(within(table).getByText('No results found')).toBeInTheDocument();
  });

  it('deletes a target after confirming', { timeout: 30_000 }, async () => {
    answer();
    const { user } = renderElement(<TargetsPage />);
    const table = await screen.findByRole('table', { name: 'Cost targets' }, SLOW);
    await user.click(within(table).getByRole('button', { name: 'Delete Storage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete cost target' });
    expect(requests.calls().some((c) => c.startsWith('DELETE'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(table).queryByRole('link', { name: 'Storage' })).not.toBeInTheDocument(),
    );
    expect(requests.calls()).toContain(`DELETE ${P.target.replace(':id', STORAGE.id)}`);
  });

  it('lets a member read targets but not create or delete them (ADR 0009)', { timeout: 30_000 }, async () => {
    answer();
    server.use(http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })));
    renderElement(<TargetsPage />);
    const table = await screen.findByRole('table', { name: 'Cost targets' }, SLOW);
    expect(within(table).getByRole('link', { name: 'Storage' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'New target' })).toHaveAttribute('aria-disabled', 'true'),
    );
    expect(within(table).getByRole('button', { name: 'Delete Storage' })).toBeDisabled();
  });

  it('says when there are no targets, and shows a failed load', { timeout: 30_000 }, async () => {
    answer([]);
    const { unmount } = renderElement(<TargetsPage />);
    expect(await screen.findByText('No cost targets yet.', undefined, SLOW)).toBeInTheDocument();
    unmount();
    server.use(http.get(`*${P.targets}`, () => HttpResponse.json({ detail: 'down' }, { status: 500 })));
    renderElement(<TargetsPage />);
    expect(await screen.findByRole('alert', undefined, SLOW)).toHaveTextContent('down');
  });

  it('explains the Operate paid package and requests the upgrade when the package lacks it', {
    timeout: 30_000,
  }, async () => {
    answer();
    const without = { ...TEST_PACKAGE, operate_paid: false };
    server.use(
      http.get(`*${PAYMENT_PATHS.package}`, () => HttpResponse.json(without)),
      http.post(`*${PAYMENT_PATHS.requestUpgrade}`, () =>
        HttpResponse.json({ detail: 'Upgrade requested.', package: without }),
      ),
    );
    const { user } = renderElement(<TargetsPage />);
    const gate = await screen.findByRole('region', { name: 'Operate paid package' }, SLOW);
    expect(screen.queryByRole('table', { name: 'Cost targets' })).not.toBeInTheDocument();
    await user.click(within(gate).getByRole('button', { name: 'Request upgrade' }));
    expect(await within(gate).findByText(/Upgrade requested\./, undefined, SLOW)).toBeInTheDocument();
    expect(requests.calls()).toContain(`POST ${PAYMENT_PATHS.requestUpgrade}`);
  });
});
