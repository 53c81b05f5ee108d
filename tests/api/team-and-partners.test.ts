import { createHash } from 'node:crypto';
import { allClientsResponseSchema, clientSchema } from '@finlens/contracts/admin';
import { profileSchema } from '@finlens/contracts/auth';
import { SESSION_COOKIE } from '@finlens/contracts/session';
import {
  myInvitationsSchema,
  TEAM_PATHS,
  teamInvitationSchema,
  teamInvitationsSchema,
  teamMembersSchema,
} from '@finlens/contracts/team';
import { firstLink } from '@finlens/server/platform/mail/test-smtp';
import { describe, expect, it } from 'vitest';
import {
  acceptResetLink,
  inviteAccepted,
  PASSWORD,
  signIn,
  signInOk,
  signUpVerified,
  uniqueEmail,
  useServerWithMail,
} from './identity-fixtures';

const context = useServerWithMail();

describe('team members', () => {
  it('invite, filter by role, promote, protect the last admin, remove; each change is audited', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'team-admin' });
    const member = await inviteAccepted(context.server.baseUrl, context.smtp, admin, {
      label: 'team-member',
    });
    expect(member.profile).toMatchObject({
      email_verified: true,
      is_admin: false,
      client_id: admin.profile.client_id,
    });

    const members = teamMembersSchema.parse((await admin.session.get('/c/team/members/?role=member')).body);
    expect(members.map((entry) => entry.email)).toEqual([member.email]);
    const admins = teamMembersSchema.parse((await admin.session.get('/c/team/members/?role=admin')).body);
    expect(admins.map((entry) => entry.email)).toEqual([admin.email]);
    expect((await admin.session.get('/c/team/members/?role=owner')).status).toBe(400);

    const demoteSelf = await admin.session.patch(`/c/team/members/${admin.profile.id}/`, { role: 'member' });
    expect(demoteSelf).toMatchObject({ status: 409, body: { error: 'A client needs at least one admin.' } });
    const promoted = await admin.session.patch(`/c/team/members/${member.profile.id}/`, { role: 'admin' });
    expect(promoted).toMatchObject({ status: 200, body: { role: 'admin' } });
    expect(profileSchema.parse((await member.session.get('/c/current/user/')).body).is_admin).toBe(true);

    expect((await admin.session.delete(`/c/team/members/${member.profile.id}/`)).status).toBe(204);
    // The removed member's session no longer reaches the client.
    expect(profileSchema.parse((await member.session.get('/c/current/user/')).body).client_id).toBeNull();
    expect((await member.session.get('/c/admin/status/')).status).toBe(403);

    const events = await context.server.appDb
      .selectFrom('audit_log')
      .select('event')
      .where('client_id', '=', admin.profile.client_id)
      .execute();
    expect(events.map((row) => row.event)).toEqual(
      expect.arrayContaining(['member_invited', 'role_changed', 'member_removed']),
    );
  });

  it('a session revoked elsewhere is refused on its next request, though its caller was just kept', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'revoke-admin' });
    const other = await signInOk(context.server.baseUrl, admin.email);
    for (const persona of [admin, other, admin, other]) {
      expect((await persona.session.get('/c/current/user/')).status).toBe(200);
    }
    // Another server process signs one session out: only the database knows.
    const token = admin.session.cookies.get(SESSION_COOKIE) ?? '';
    await context.server.appDb
      .deleteFrom('sessions')
      .where('id', '=', createHash('sha256').update(token).digest('hex'))
      .execute();
    expect((await admin.session.get('/c/current/user/')).status).toBe(401);
    expect((await other.session.get('/c/current/user/')).status).toBe(200);
    expect((await other.session.post('/auth/logout/')).status).toBe(200);
    expect((await other.session.get('/c/current/user/')).status).toBe(401);
  });

  it('inviting an existing account answers like an unknown address and adds nobody until they accept', async () => {
    const first = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'owner-one' });
    const second = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'owner-two' });
    const unknown = uniqueEmail('nobody-yet');
    const known = await first.session.post(TEAM_PATHS.members, { email: second.email, role: 'member' });
    const fresh = await first.session.post(TEAM_PATHS.members, { email: unknown, role: 'member' });
    expect([known.status, fresh.status]).toEqual([201, 201]);
    // The same fields for both: nothing about the account's name, verification or existence.
    expect(Object.keys(known.body as object).sort()).toEqual(Object.keys(fresh.body as object).sort());
    expect(teamInvitationSchema.strict().parse(known.body)).toMatchObject({
      email: second.email,
      role: 'member',
    });
    expect(teamInvitationSchema.strict().parse(fresh.body)).toMatchObject({ email: unknown, role: 'member' });
    expect(JSON.stringify(known.body)).not.toContain('Test');
    const members = teamMembersSchema.parse((await first.session.get(TEAM_PATHS.members)).body);
    expect(members.map((entry) => entry.email)).toEqual([first.email]);
    const pending = teamInvitationsSchema.parse((await first.session.get(TEAM_PATHS.invitations)).body);
    expect(pending.map((entry) => entry.email).sort()).toEqual([second.email, unknown].sort());

    // The account gets a sign-in link to the switching view, where its invitation waits.
    expect(firstLink(await context.smtp.next(second.email))).toMatch(
      /\/accounts\/signin\/\?next=%2Fswitching-view%2F$/,
    );
    const clientsBefore = allClientsResponseSchema.parse(
      (await second.session.get('/c/admin/all_clients/')).body,
    );
    expect(clientsBefore.map((choice) => choice.id)).toEqual([second.profile.client_id]);
    const mine = myInvitationsSchema.parse((await second.session.get(TEAM_PATHS.mine)).body);
    expect(mine).toEqual([expect.objectContaining({ client_id: first.profile.client_id, role: 'member' })]);
    const invitationId = mine[0]?.id ?? '';
    // Nobody else answers it, not even the admin who sent it.
    expect((await first.session.post(TEAM_PATHS.accept(invitationId))).status).toBe(404);

    expect((await second.session.post(TEAM_PATHS.accept(invitationId))).status).toBe(204);
    expect((await second.session.post(TEAM_PATHS.accept(invitationId))).status).toBe(404);
    expect((await first.session.post(TEAM_PATHS.members, { email: second.email })).status).toBe(409);
    const choices = allClientsResponseSchema.parse((await second.session.get('/c/admin/all_clients/')).body);
    expect(choices.map((choice) => [choice.id, choice.role, choice.is_active])).toEqual([
      [second.profile.client_id, 'admin', true],
      [first.profile.client_id, 'member', false],
    ]);
    const switched = await second.session.post(
      '/c/select/',
      { client_id: first.profile.client_id },
      { form: true },
    );
    expect(profileSchema.parse(switched.body)).toMatchObject({
      client_id: first.profile.client_id,
      is_admin: false,
    });
    expect((await second.session.get(`/c/admin/clients/${first.profile.client_id}/`)).status).toBe(200);
    expect((await second.session.get(`/c/admin/clients/${second.profile.client_id}/`)).status).toBe(404);
  });

  it('an address without an account joins by setting its password; the link works once and expires', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'inviter' });
    const email = uniqueEmail('newcomer');
    expect((await admin.session.post(TEAM_PATHS.members, { email, role: 'admin' })).status).toBe(201);
    const link = firstLink(await context.smtp.next(email));
    const token = new URL(link).pathname.split('/').at(-1) ?? '';
    // Stored as its SHA-256 only.
    const stored = await context.server.appDb
      .selectFrom('team_invitations')
      .select('token_hash')
      .where('email', '=', email)
      .execute();
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);

    expect((await acceptResetLink(context.server.baseUrl, link, PASSWORD)).status).toBe(200);
    const joined = await signInOk(context.server.baseUrl, email);
    expect(joined.profile).toMatchObject({
      client_id: admin.profile.client_id,
      is_admin: true,
      email_verified: true,
    });
    expect((await acceptResetLink(context.server.baseUrl, link, 'Other$Harbor42')).status).toBe(400);

    // An expired invitation's link does nothing.
    const late = uniqueEmail('too-late');
    expect((await admin.session.post(TEAM_PATHS.members, { email: late })).status).toBe(201);
    const lateLink = firstLink(await context.smtp.next(late));
    await context.server.appDb
      .updateTable('team_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', late)
      .execute();
    const expired = await acceptResetLink(context.server.baseUrl, lateLink, PASSWORD);
    expect(expired).toMatchObject({ status: 400, body: { errors: { token: expect.any(Array) } } });
    expect((await signIn(context.server.baseUrl, late)).result.status).toBe(400);

    // An invitation's token never sets the password of an account that has one.
    const other = uniqueEmail('not-theirs');
    expect((await admin.session.post(TEAM_PATHS.members, { email: other })).status).toBe(201);
    const otherToken = new URL(firstLink(await context.smtp.next(other))).pathname.split('/').at(-1) ?? '';
    const [uid] = new URL(link).pathname.split('/').slice(-2);
    const hijack = await acceptResetLink(
      context.server.baseUrl,
      `${context.server.baseUrl}/accounts/reset-password/confirm/${uid}/${otherToken}`,
      'Other$Harbor42',
    );
    expect(hijack.status).toBe(400);
    await signInOk(context.server.baseUrl, email);
  });

  it('the invited user declines; an admin revokes; members see neither list', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'revoker' });
    const invitee = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'decliner' });
    const member = await inviteAccepted(context.server.baseUrl, context.smtp, admin, { label: 'onlooker' });
    expect((await admin.session.post(TEAM_PATHS.members, { email: invitee.email })).status).toBe(201);
    const [offer] = myInvitationsSchema.parse((await invitee.session.get(TEAM_PATHS.mine)).body);
    expect((await member.session.get(TEAM_PATHS.invitations)).status).toBe(403);
    expect((await invitee.session.post(TEAM_PATHS.decline(offer?.id ?? ''))).status).toBe(204);
    expect((await invitee.session.get(TEAM_PATHS.mine)).body).toEqual([]);

    const again = await admin.session.post(TEAM_PATHS.members, { email: invitee.email });
    const againId = teamInvitationSchema.parse(again.body).id;
    expect((await member.session.delete(TEAM_PATHS.invitation(againId))).status).toBe(403);
    expect((await admin.session.delete(TEAM_PATHS.invitation(againId))).status).toBe(204);
    expect((await admin.session.get(TEAM_PATHS.invitations)).body).toEqual([]);
    expect((await invitee.session.post(TEAM_PATHS.accept(againId))).status).toBe(404);
    const choices = allClientsResponseSchema.parse((await invitee.session.get('/c/admin/all_clients/')).body);
    expect(choices.map((choice) => choice.id)).toEqual([invitee.profile.client_id]);
  });
});

describe('partners', () => {
  it('a partner admin creates a client, switches into it and acts there as admin', async () => {
    const founder = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'provider' });
    const partner = await founder.session.post('/app_partner/partner/', { name: 'Cloud Partners' });
    expect(partner).toMatchObject({
      status: 201,
      body: { name: 'Cloud Partners', partner_user_role: 'admin', clients: 0 },
    });
    expect((await founder.session.post('/app_partner/partner/', { name: 'Again' })).status).toBe(409);

    const created = await founder.session.post('/app_partner/clients/', {
      name: 'Customer One',
      sharesave_allowed: true,
    });
    expect(created.status).toBe(201);
    const customer = clientSchema.parse(created.body);
    expect(customer).toMatchObject({ partner: (partner.body as { id: string }).id, sharesave_allowed: true });
    const listed = await founder.session.get('/app_partner/clients/');
    expect((listed.body as { id: string }[]).map((client) => client.id)).toEqual([customer.id]);

    const switched = await founder.session.post('/c/select/', { client_id: customer.id }, { form: true });
    expect(profileSchema.parse(switched.body)).toMatchObject({
      client_id: customer.id,
      is_admin: true,
      is_partner_user: true,
      partner_user_role: 'admin',
    });
    const status = await founder.session.get(`/c/admin/status/?partner_scope_id=${customer.id}`);
    expect(status).toMatchObject({ status: 200, body: { client_id: customer.id, stage: 'no_projects' } });
    const choices = allClientsResponseSchema.parse((await founder.session.get('/c/admin/all_clients/')).body);
    expect(choices.find((choice) => choice.id === customer.id)).toMatchObject({
      via_partner: true,
      is_active: true,
    });
  });
});
