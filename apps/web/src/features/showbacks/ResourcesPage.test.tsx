import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { recordRequests } from '../../test/request-log';
import { ResourcesPage } from './ResourcesPage';
import { RESOURCES, RULES, renderAt, TEAMS } from './showback-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const ROOT = '/v3/cost/showbacks-allocation-api';
const BASE = '/c/showback/showbacks/sb-1';
const queryOf = (prefix: string) =>
  requests
    .calls()
    .filter((call) => call.startsWith(prefix))
    .map((call) => Object.fromEntries(new URL(call.slice(call.indexOf(' ') + 1), 'http://x').searchParams));

function answer() {
  server.use(
    http.get('*/c/showback/showbacks/', () => HttpResponse.json([TEAMS])),
    http.get(`*${BASE}/allocation_rules/`, () => HttpResponse.json(RULES)),
    http.get(`*${BASE}/unallocated_resources/`, () => HttpResponse.json(RESOURCES)),
    http.get(`*${BASE}/allocation_rules/:ruleId/resources/`, () =>
      HttpResponse.json({ resources: [{ resource_id: 'nat-1', cost: 18 }], total: 18, resource_count: 1 }),
    ),
    http.get(`*${BASE}/showback_resources/`, () =>
      HttpResponse.json({ resources: [{ resource_id: 'i-web1', cost: 30 }], total: 30, resource_count: 3 }),
    ),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('ResourcesPage', () => {
  it('lists the unallocated resources with their cost, CSV export and the range in the query', {
    timeout: 30_000,
  }, async () => {
    answer();
    renderAt(
      `${ROOT}/:key/unallocated-resources/`,
      `${ROOT}/sb-1/unallocated-resources/?range=7D`,
      <ResourcesPage kind="unallocated" />,
    );
    const grid = await screen.findByRole('region', { name: 'Unallocated resources' }, SLOW);
    expect(await within(grid).findByText('s3-x', undefined, SLOW)).toBeInTheDocument();
    expect(grid).toHaveTextContent('1 to 2 of 2');
    expect(within(grid).getByText('$12.00')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByLabelText('Resources summary')).toHaveTextContent('2 resources, $15.00 in total');
    expect(queryOf(`GET ${BASE}/unallocated_resources/`)[0]).toMatchObject({
      start_date: '2026-11-16',
      end_date: '2026-11-22',
      limit: '5000',
    });
  });

  it('lists the resources behind a rule, named', { timeout: 30_000 }, async () => {
    answer();
    renderAt(
      `${ROOT}/:key/allocation-rule-resources/:id/`,
      `${ROOT}/sb-1/allocation-rule-resources/r-2/`,
      <ResourcesPage kind="rule" />,
    );
    const grid = await screen.findByRole('region', { name: 'Allocation rule resources' }, SLOW);
    expect(await within(grid).findByText('nat-1', undefined, SLOW)).toBeInTheDocument();
    expect(await screen.findByLabelText('Rule')).toHaveTextContent('Rule: Compute');
    expect(
      requests.calls().some((call) => call.startsWith(`GET ${BASE}/allocation_rules/r-2/resources/`)),
    ).toBe(true);
  });

  it('lists the resources behind a value and switches value', { timeout: 30_000 }, async () => {
    answer();
    const { user } = renderAt(
      `${ROOT}/:key/showback-resources/`,
      `${ROOT}/sb-1/showback-resources/?value=web`,
      <ResourcesPage kind="value" />,
    );
    const grid = await screen.findByRole('region', { name: 'Showback resources' }, SLOW);
    expect(await within(grid).findByText('i-web1', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Resources summary')).toHaveTextContent(
      '3 resources, $30.00 in total (the 1 most expensive listed)',
    );
    expect(queryOf(`GET ${BASE}/showback_resources/`)[0]).toMatchObject({ showback_value: 'web' });
    await user.click(screen.getByRole('combobox', { name: 'Showback value' }));
    await user.click(await screen.findByRole('option', { name: 'db' }));
    await waitFor(() =>
      expect(queryOf(`GET ${BASE}/showback_resources/`).at(-1)).toMatchObject({ showback_value: 'db' }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Showback value' }));
    await user.click(await screen.findByRole('option', { name: 'All values' }));
    await waitFor(() =>
      expect(queryOf(`GET ${BASE}/showback_resources/`).at(-1)).not.toHaveProperty('showback_value'),
    );
  });

  it('shows the error of a failed call', { timeout: 30_000 }, async () => {
    answer();
    server.use(
      http.get(`*${BASE}/unallocated_resources/`, () =>
        HttpResponse.json({ detail: 'Forbidden' }, { status: 403 }),
      ),
    );
    renderAt(
      `${ROOT}/:key/unallocated-resources/`,
      `${ROOT}/sb-1/unallocated-resources/`,
      <ResourcesPage kind="unallocated" />,
    );
    expect(await screen.findByRole('alert', undefined, SLOW)).toBeInTheDocument();
  });
});
