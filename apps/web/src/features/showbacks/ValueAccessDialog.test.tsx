import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { recordRequests } from '../../test/request-log';
import { answerTeamsDetail, enabledButton, renderTeamsDetail } from './showback-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const ACCESS = '*/c/showback/showbacks/sb-1/value_access/';

const member = (user_id: string, email: string, all: boolean, values: string[]) => ({
  user_id,
  email,
  allowed_all_showback_values: all,
  showback_values: values,
});
const teamMember = (user_id: string, email: string, role: 'admin' | 'member') => ({
  user_id,
  email,
  first_name: '',
  last_name: '',
  role,
  email_verified: true,
  invitation_pending: false,
  joined_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
});

function answer() {
  let members = [
    member('42', 'ada@acme.test', true, []),
    member('7', 'bob@acme.test', false, ['db']),
    member('8', 'cy@acme.test', true, []),
  ];
  answerTeamsDetail();
  server.use(
    http.get('*/c/team/members/', () => HttpResponse.json([teamMember('42', 'ada@acme.test', 'admin')])),
    http.get(ACCESS, () => HttpResponse.json({ members })),
    http.put(ACCESS, async ({ request }) => {
      const body = (await request.json()) as ReturnType<typeof member>;
      members = members.map((m) => (m.user_id === body.user_id ? { ...m, ...body } : m));
      return HttpResponse.json(members.find((m) => m.user_id === body.user_id));
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('Member access', () => {
  it('lists the members with their values, admins apart, and saves one member at a time', {
    timeout: 40_000,
  }, async () => {
    answer();
    const { user } = renderTeamsDetail();
    await screen.findByRole('region', { name: 'Cost by value' }, SLOW);
    await user.click(await enabledButton('Member access'));
    const dialog = await screen.findByRole('dialog', { name: 'Member access' });
    const table = await within(dialog).findByRole('table', { name: 'Member access' });
    const [, ada, bob, cy] = within(table).getAllByRole('row');
    expect(ada).toHaveTextContent('ada@acme.testAdminSees every value.');
    expect(
      within(bob as HTMLElement).getByRole('switch', { name: 'bob@acme.test sees all values' }),
    ).not.toBeChecked();
    expect(within(bob as HTMLElement).getByRole('button', { name: 'db' })).toBeInTheDocument();
    expect(within(bob as HTMLElement).getByRole('button', { name: 'Save' })).toBeDisabled();

    // Cy sees every value; limit them to web (chosen from the showback's values).
    const cyRow = cy as HTMLElement;
    const values = within(cyRow).getByRole('combobox', { name: 'Values of cy@acme.test' });
    expect(values).toBeDisabled();
    await user.click(within(cyRow).getByRole('switch', { name: 'cy@acme.test sees all values' }));
    await user.click(values);
    await user.click(await screen.findByRole('option', { name: 'web' }));
    await user.click(within(cyRow).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(requests.bodyOf('PUT /c/showback/showbacks/sb-1/value_access/')).toEqual({
        user_id: '8',
        allowed_all_showback_values: false,
        showback_values: ['web'],
      }),
    );
    await vi.waitFor(() => expect(within(cyRow).getByRole('button', { name: 'Save' })).toBeDisabled());
  });
});
