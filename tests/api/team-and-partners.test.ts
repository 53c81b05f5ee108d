import { allClientsResponseSchema, clientSchema } from '@finlens/contracts/admin';
import { profileSchema } from '@finlens/contracts/auth';
import { teamMembersSchema } from '@finlens/contracts/team';
import { firstLink } from '@finlens/server/platform/mail/test-smtp';
import { describe, expect, it } from 'vitest';
import { inviteAccepted, signUpVerified, useServerWithMail } from './identity-fixtures';

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

  it('inviting an existing account adds the membership and mails a sign-in link; the user can switch', async () => {
    const first = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'owner-one' });
    const second = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'owner-two' });
    const invited = await first.session.post('/c/team/members/', { email: second.email, role: 'member' });
    expect(invited.status).toBe(201);
    expect(firstLink(await context.smtp.next(second.email))).toMatch(/\/accounts\/signin\/$/);
    expect((await first.session.post('/c/team/members/', { email: second.email })).status).toBe(409);

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
