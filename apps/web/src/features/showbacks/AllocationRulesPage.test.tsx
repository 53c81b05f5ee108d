import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { recordRequests } from '../../test/request-log';
import { AllocationRulesPage } from './AllocationRulesPage';
import { enabledButton, RULES, renderAt, TEAMS } from './showback-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const PATTERN = '/v3/cost/showbacks-allocation-api/:key/allocation-rules/';
const PATH = '/v3/cost/showbacks-allocation-api/sb-1/allocation-rules/';
const BASE = '/c/showback/showbacks/sb-1';
const bodies = (call: string) =>
  requests.log.filter((entry) => entry.call === call).map((entry) => entry.body);

function answer() {
  server.use(
    http.get('*/c/showback/showbacks/', () => HttpResponse.json([TEAMS])),
    http.get(`*${BASE}/allocation_rules/`, () => HttpResponse.json(RULES)),
    http.get(`*${BASE}/available_tag_values/`, () =>
      HttpResponse.json({ key: 'user_team', values: [{ value: 'web-legacy', cost: 5 }] }),
    ),
    http.post(`*${BASE}/allocation_rules/move_before_rule/`, () => new HttpResponse(null, { status: 204 })),
    http.post(`*${BASE}/allocation_rules/preview/`, () =>
      HttpResponse.json({ matched_cost: 15, moved_cost: 12 }),
    ),
    http.post(`*${BASE}/allocation_rules/`, () => HttpResponse.json({ id: 'r-new' }, { status: 201 })),
    http.patch(`*${BASE}/`, () => HttpResponse.json(TEAMS)),
    http.patch(`*${BASE}/allocation_rules/:ruleId/`, () => new HttpResponse(null, { status: 204 })),
    http.post(
      `*${BASE}/allocation_rules/delete_allocation_rules_by_id/`,
      () => new HttpResponse(null, { status: 204 }),
    ),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('AllocationRulesPage', () => {
  it('lists the rules in order with what each matches and moves; keyboard moves call move_before_rule', {
    timeout: 30_000,
  }, async () => {
    answer();
    const { user } = renderAt(PATTERN, PATH, <AllocationRulesPage />);
    const list = await screen.findByRole('list', { name: 'Allocation rules' }, SLOW);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['1. Platform', '2. Compute', '3. Data']);
    expect(within(list).getByLabelText('Compute cost')).toHaveTextContent('Matches $48.00, moves $33.00');
    expect(within(list).getAllByRole('link', { name: 'Resources' })[1]).toHaveAttribute(
      'href',
      '/v3/cost/showbacks-allocation-api/sb-1/allocation-rule-resources/r-2/?range=MTD',
    );
    expect(within(list).getByRole('button', { name: 'Move Platform up' })).toBeDisabled();

    // Down: Platform goes before Data (the rule after its new place).
    within(list).getByRole('button', { name: 'Move Platform down' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(bodies(`POST ${BASE}/allocation_rules/move_before_rule/`)).toEqual([
        { rule_id: 'r-1', target_rule_id: 'r-3' },
      ]),
    );
    // Up: Data goes before Compute; down from second-to-last: last (null).
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Move Data up' })).toBeEnabled());
    within(list).getByRole('button', { name: 'Move Data up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(bodies(`POST ${BASE}/allocation_rules/move_before_rule/`).at(-1)).toEqual({
        rule_id: 'r-3',
        target_rule_id: 'r-2',
      }),
    );
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: 'Move Compute down' })).toBeEnabled(),
    );
    within(list).getByRole('button', { name: 'Move Compute down' }).focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(bodies(`POST ${BASE}/allocation_rules/move_before_rule/`).at(-1)).toEqual({
        rule_id: 'r-2',
        target_rule_id: null,
      }),
    );
  });

  it('a rule dropped onto another moves before it', { timeout: 30_000 }, async () => {
    answer();
    renderAt(PATTERN, PATH, <AllocationRulesPage />);
    const list = await screen.findByRole('list', { name: 'Allocation rules' }, SLOW);
    const [platform, , data] = within(list).getAllByRole('listitem');
    fireEvent.dragStart(data as HTMLElement, { dataTransfer: { effectAllowed: '' } });
    fireEvent.dragOver(platform as HTMLElement);
    fireEvent.drop(platform as HTMLElement);
    await waitFor(() =>
      expect(bodies(`POST ${BASE}/allocation_rules/move_before_rule/`)).toEqual([
        { rule_id: 'r-3', target_rule_id: 'r-1' },
      ]),
    );
  });

  it('editing a rule previews what it matches and moves in its place, then saves it', {
    timeout: 30_000,
  }, async () => {
    answer();
    const { user } = renderAt(PATTERN, PATH, <AllocationRulesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Compute' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule Compute' });
    const preview = within(dialog).getByRole('status', { name: 'Rule preview' });
    await waitFor(() => expect(preview).toHaveTextContent('Matches $15.00; moves $12.00 in its place'));
    expect(bodies(`POST ${BASE}/allocation_rules/preview/`)[0]).toEqual({
      filters: [{ dimension: 'product_region', mode: 'include', values: ['eu-west-1'] }],
      before_rule_id: 'r-2',
      replaces_rule_id: 'r-2',
      start_date: '2026-11-01',
      end_date: '2026-11-22',
    });
    // Share the cost in fixed percentages: Save waits for 100%.
    await user.click(within(dialog).getByRole('combobox', { name: 'The matched cost' }));
    await user.click(await screen.findByRole('option', { name: 'is shared across values' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Split' }));
    await user.click(await screen.findByRole('option', { name: 'Fixed percentages' }));
    const across = within(dialog).getByRole('combobox', { name: 'Split across' });
    await user.type(across, 'web{Enter}db{Enter}');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Percent for web' }), '60');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Percent for db' }), '30');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(dialog).getByText('The percentages add up to 90%, not 100%.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Percent for db' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Percent for db' }), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(`PATCH ${BASE}/allocation_rules/r-2/`)).toEqual([
        {
          name: 'Compute',
          kind: 'share',
          target_value: null,
          split_method: 'fixed',
          splits: [
            { value: 'web', percent: 60 },
            { value: 'db', percent: 40 },
          ],
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('adds a rule without filters (it matches nothing yet) and deletes one after confirming', {
    timeout: 30_000,
  }, async () => {
    answer();
    const { user } = renderAt(PATTERN, PATH, <AllocationRulesPage />);
    await user.click(await enabledButton('Add rule'));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    expect(within(dialog).getByRole('status', { name: 'Rule preview' })).toHaveTextContent(
      'Add a filter to see what the rule matches.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Support');
    await user.type(within(dialog).getByRole('combobox', { name: 'Showback value' }), 'platform');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(`POST ${BASE}/allocation_rules/`)).toEqual([
        {
          name: 'Support',
          kind: 'assign',
          target_value: 'platform',
          split_method: null,
          splits: [],
          filters: [],
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Data' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete rule' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(bodies(`POST ${BASE}/allocation_rules/delete_allocation_rules_by_id/`)).toEqual([
        { allocation_rule_ids: ['r-3'] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Combined values' })).toHaveTextContent('web-legacy');
    const hidden = screen.getByRole('region', { name: 'Hidden values' });
    await user.type(within(hidden).getByRole('combobox', { name: 'Hide values' }), 'old{Enter}');
    await user.click(within(hidden).getByRole('button', { name: 'Save hidden values' }));
    await waitFor(() => expect(bodies(`PATCH ${BASE}/`)).toEqual([{ hide_values: ['retired', 'old'] }]));
  });
});
