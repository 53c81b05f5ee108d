import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { recordRequests } from '../../test/request-log';
import { authKeys } from '../auth/api/keys';
import { AllocationRulesPage } from './AllocationRulesPage';
import { ShowbacksPage } from './ShowbacksPage';
import {
  answerAsMember,
  answerTeamsDetail,
  RULES,
  renderAt,
  renderTeamsDetail,
  TEAMS,
  TEAMS_DETAIL,
} from './showback-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
/** A member limited to the web value (allowed_all_showback_values false): their detail has web only. */
const LIMITED = { ...TEAMS, showback_values: ['web'], allowed_all_showback_values: false };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  answerAsMember();
});
afterEach(() => vi.useRealTimers());

/** The member's profile has arrived (write controls are also disabled while it loads). */
async function memberKnown(queryClient: QueryClient) {
  await vi.waitFor(() =>
    expect(queryClient.getQueryData<{ is_admin: boolean }>(authKeys.currentUser())?.is_admin).toBe(false),
  );
}

/** The control is disabled inside the element the tooltip names with the reason. */
function expectDisabledWithReason(control: HTMLElement, reason: string) {
  expect(control).toBeDisabled();
  expect(screen.getByLabelText(reason)).toContainElement(control);
}

describe('Showback pages for a read-only member', () => {
  it('list: create and the active toggles are disabled with the reason, delete is not offered', {
    timeout: 30_000,
  }, async () => {
    server.use(http.get('*/c/showback/showbacks/', () => HttpResponse.json([TEAMS])));
    const { queryClient } = renderAt('/v3/cost/showbacks-api/', '/v3/cost/showbacks-api/', <ShowbacksPage />);
    const table = await screen.findByRole('table', { name: 'Showbacks' }, SLOW);
    await memberKnown(queryClient);
    expectDisabledWithReason(
      screen.getByRole('button', { name: 'New showback' }),
      'Only admins can create showbacks.',
    );
    expectDisabledWithReason(
      within(table).getByRole('switch', { name: 'Teams active' }),
      'Only admins can turn showbacks on or off.',
    );
    expect(within(table).queryByRole('button', { name: 'Delete Teams' })).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Teams' })).toBeInTheDocument();
  });

  it('detail: units upload and member access disabled; no rules or Unallocated links for a limited member', {
    timeout: 30_000,
  }, async () => {
    answerTeamsDetail(
      {
        ...TEAMS_DETAIL,
        ...LIMITED,
        total: 45,
        cost_distribution: TEAMS_DETAIL.cost_distribution.filter((e) => e.value === 'web'),
        unallocated: null,
        reconciliation: null,
      },
      [LIMITED],
    );
    const { queryClient } = renderTeamsDetail();
    const grid = await screen.findByRole('region', { name: 'Cost by value' }, SLOW);
    expect(grid).toHaveTextContent('1 to 1 of 1');
    await memberKnown(queryClient);
    expectDisabledWithReason(
      screen.getByRole('button', { name: 'Upload units' }),
      'Only admins can upload daily units.',
    );
    expectDisabledWithReason(
      screen.getByRole('button', { name: 'Member access' }),
      'Only admins can choose which values members see.',
    );
    expect(screen.queryByRole('link', { name: 'Allocation rules' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Unallocated resources' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reconciliation' })).not.toBeInTheDocument();
    expect(requests.calls().some((call) => call.includes('/value_access/'))).toBe(false);
  });

  it('rules: read in order; adding is disabled with the reason, no moving, editing, deleting or values', {
    timeout: 30_000,
  }, async () => {
    server.use(
      http.get('*/c/showback/showbacks/', () => HttpResponse.json([TEAMS])),
      http.get('*/c/showback/showbacks/sb-1/allocation_rules/', () => HttpResponse.json(RULES)),
    );
    const { queryClient } = renderAt(
      '/v3/cost/showbacks-allocation-api/:key/allocation-rules/',
      '/v3/cost/showbacks-allocation-api/sb-1/allocation-rules/',
      <AllocationRulesPage />,
    );
    const list = await screen.findByRole('list', { name: 'Allocation rules' }, SLOW);
    await memberKnown(queryClient);
    const compute = within(list).getByRole('listitem', { name: '2. Compute' });
    expect(compute).toHaveAttribute('draggable', 'false');
    expect(within(compute).getByLabelText('Compute cost')).toHaveTextContent('Matches $48.00, moves $33.00');
    expect(within(compute).queryByRole('button')).not.toBeInTheDocument();
    expectDisabledWithReason(
      screen.getByRole('button', { name: 'Add rule' }),
      'Only admins can change allocation rules.',
    );
    expect(screen.queryByRole('region', { name: 'Combined values' })).not.toBeInTheDocument();
    expect(requests.calls().some((call) => call.includes('/available_tag_values/'))).toBe(false);
  });
});
