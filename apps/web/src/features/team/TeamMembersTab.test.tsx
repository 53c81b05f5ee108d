import { TEAM_PATHS, type TeamInvitation, type TeamMember } from '@finlens/contracts/team';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { ADMIN_ONLY_MESSAGE } from './components/MembersTable';

const requests = recordRequests();
const PATH = '/v3/settings?tab=team-members';

const member = (overrides: Partial<TeamMember>): TeamMember => ({
  user_id: 'u2',
  email: 'grace@acme.test',
  first_name: 'Grace',
  last_name: 'Hopper',
  role: 'member',
  email_verified: true,
  invitation_pending: false,
  joined_at: '2026-11-02T00:00:00Z',
  last_login_at: '2026-11-20T10:00:00Z',
  ...overrides,
});
const ADA = member({
  user_id: '42',
  email: 'ada@acme.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'admin',
});
const GRACE = member({});

function serveMembers(members: TeamMember[]) {
  server.use(
    http.get('*/c/team/members/', ({ request }) => {
      const role = new URL(request.url).searchParams.get('role');
      return HttpResponse.json(role === 'all' ? members : members.filter((item) => item.role === role));
    }),
  );
}

async function table() {
  return screen.findByRole('table', { name: 'Team members' });
}

describe('Team Members tab (admin)', () => {
  it('lists the members and filters by role through the query', async () => {
    serveMembers([ADA, GRACE]);
    const { user } = renderWithProviders(PATH, { signedIn: true });
    expect(await within(await table()).findByText('Ada Lovelace (you)')).toBeInTheDocument();
    expect(within(await table()).getByText('grace@acme.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Admins' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Team members' })).queryByText('grace@acme.test'),
      ).toBeNull(),
    );
    expect(requests.calls()).toContain('GET /c/team/members/?role=admin');
    await user.click(screen.getByRole('button', { name: 'Members' }));
    expect(await within(await table()).findByText('grace@acme.test')).toBeInTheDocument();
  });

  it("shows 'No results found' for an empty list and the catalogue message on failure", async () => {
    serveMembers([]);
    const { user } = renderWithProviders(PATH, { signedIn: true });
    expect(await within(await table()).findByText('No results found')).toBeInTheDocument();
    server.use(http.get('*/c/team/members/', () => HttpResponse.json({ detail: 'boom' }, { status: 503 })));
    await user.click(screen.getByRole('button', { name: 'Admins' }));
    expect(await screen.findByText('boom')).toBeInTheDocument();
  });

  it('invites by email with a role; the invitation waits in Pending invitations until revoked', async () => {
    serveMembers([ADA]);
    let pending: TeamInvitation[] = [];
    server.use(
      http.post('*/c/team/members/', async ({ request }) => {
        const body = (await request.json()) as { email: string; role: 'admin' | 'member' };
        const invitation = {
          id: 'i1',
          ...body,
          invited_at: '2026-11-26T00:00:00Z',
          expires_at: '2026-12-03T00:00:00Z',
        };
        pending = [invitation];
        return HttpResponse.json(invitation, { status: 201 });
      }),
      http.get(`*${TEAM_PATHS.invitations}`, () => HttpResponse.json(pending)),
      http.delete('*/c/team/invitations/:id/', () => {
        pending = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(PATH, { signedIn: true });
    const invitations = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(invitations).getByText('No results found')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await user.type(within(dialog).getByLabelText('Email'), 'bad');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'New@Acme.test');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.bodyOf('POST /c/team/members/')).toEqual({ email: 'new@acme.test', role: 'admin' });
    expect(await within(invitations).findByText('new@acme.test')).toBeInTheDocument();
    expect(within(await table()).queryByText('new@acme.test')).toBeNull();

    await user.click(
      within(invitations).getByRole('button', { name: 'Revoke the invitation of new@acme.test' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Revoke invitation' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(invitations).queryByText('new@acme.test')).toBeNull());
    expect(requests.calls()).toContain('DELETE /c/team/invitations/i1/');
  });

  it('changes a role and shows the server refusal for the last admin', async () => {
    serveMembers([ADA, GRACE]);
    server.use(
      http.patch('*/c/team/members/:id/', ({ params }) =>
        params.id === '42'
          ? HttpResponse.json(
              { detail: 'A client needs at least one admin.', error: 'A client needs at least one admin.' },
              { status: 409 },
            )
          : HttpResponse.json({ ...GRACE, role: 'admin' }),
      ),
    );
    const { user } = renderWithProviders(PATH, { signedIn: true });
    await within(await table()).findByText('grace@acme.test');
    await user.click(screen.getByRole('combobox', { name: 'Role of grace@acme.test' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await waitFor(() => expect(requests.bodyOf('PATCH /c/team/members/u2/')).toEqual({ role: 'admin' }));
    await user.click(screen.getByRole('combobox', { name: 'Role of ada@acme.test' }));
    await user.click(await screen.findByRole('option', { name: 'Member' }));
    expect(await screen.findByText('A client needs at least one admin.')).toBeInTheDocument();
  });

  it('removes a member after confirmation', async () => {
    serveMembers([ADA, GRACE]);
    server.use(http.delete('*/c/team/members/:id/', () => new HttpResponse(null, { status: 204 })));
    const { user } = renderWithProviders(PATH, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Remove grace@acme.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove team member' });
    expect(requests.calls()).not.toContain('DELETE /c/team/members/u2/');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.calls()).toContain('DELETE /c/team/members/u2/');
  });

  it('shows the projects’ policy state under Policies', async () => {
    serveMembers([ADA]);
    const { user } = renderWithProviders(PATH, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Policies' }));
    const policies = await screen.findByRole('table', { name: 'Project policies' });
    expect(within(policies).getByText('Production')).toBeInTheDocument();
    expect(within(policies).getByText('Up to date')).toBeInTheDocument();
  });
});

describe('Team Members tab (member)', () => {
  it('disables the admin-only controls and says why', async () => {
    server.use(http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })));
    serveMembers([ADA, GRACE]);
    const { user } = renderWithProviders(PATH, { signedIn: true });
    const invite = await screen.findByRole('button', { name: 'Invite member' });
    expect(invite).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Remove grace@acme.test' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Role of grace@acme.test' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.hover(invite.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ADMIN_ONLY_MESSAGE);
    expect(screen.queryByRole('table', { name: 'Pending invitations' })).toBeNull();
    expect(requests.calls()).not.toContain('GET /c/team/invitations/');
  });
});
