import { SAVINGS_LEDGER_PATHS as P } from '@finlens/contracts/savings-ledger';
import { describe, expect, it } from 'vitest';
import { expect400 } from './expect-400';
import { inviteAccepted, signUpVerified, useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
type Persona = Awaited<ReturnType<typeof signUpVerified>>;
const put = (persona: Persona, body: unknown) => persona.session.request('PUT', P.remediation, { body });

describe('savings ledger over HTTP', () => {
  it('names the bad field in every 400, keeps remediation policies per client, admins only', async () => {
    const { baseUrl } = context.server;
    const admin = await signUpVerified(baseUrl, context.smtp, { label: 'ledger-admin' });
    const member = await inviteAccepted(baseUrl, context.smtp, admin, { label: 'ledger-member' });
    const other = await signUpVerified(baseUrl, context.smtp, { label: 'ledger-other' });
    const rec = P.transition('rec-1');

    await expect400(member.session.post(rec, { action: 'fly' }), 'action');
    await expect400(member.session.post(rec, { action: 'dismiss' }), 'reason');
    await expect400(member.session.post(rec, { action: 'dismiss', reason: 'bored' }), 'reason');
    await expect400(member.session.post(rec, { action: 'snooze', until: '2026-02-30' }), 'until');
    await expect400(member.session.post(rec, { action: 'apply', dry_run: 'yes' }), 'dry_run');
    await expect400(member.session.get(`${P.entries}?state=closed`), 'state');
    await expect400(member.session.get(`${P.entries}?source=budget`), 'source');
    await expect400(member.session.get(`${P.export}?source=budget`), 'source');
    await expect400(member.session.get(`${P.totals}?group_by=year`), 'group_by');
    await expect400(member.session.get(`${P.entries}?project_ids=a,,b`), 'project_ids');
    const policy = {
      rule_key: 'ebs-unattached',
      auto_apply: false,
      approval: 'admin',
      account_ids: [],
      tags: [],
    };
    await expect400(put(admin, { policies: [{ ...policy, rule_key: 'nope' }] }), 'policies.0.rule_key');
    await expect400(put(admin, { policies: [{ ...policy, approval: 'nobody' }] }), 'policies.0.approval');
    await expect400(put(admin, { policies: [policy, policy] }), 'policies.1.rule_key');

    expect((await put(member, { policies: [policy] })).status).toBe(403);
    expect(await put(admin, { policies: [policy] })).toMatchObject({
      status: 200,
      body: { policies: [policy] },
    });
    expect((await member.session.get(P.remediation)).body).toEqual({ policies: [policy] });
    expect((await other.session.get(P.remediation)).body).toEqual({ policies: [] });
    expect(await member.session.get(P.totals)).toMatchObject({
      status: 200,
      body: { group_by: 'month', rows: [], estimated_monthly_saving: 0 },
    });
    const csv = await member.session.get(P.export);
    expect(csv.status).toBe(200);
    expect(String(csv.body).split('\n')[0]).toBe(
      'source,recommendation_id,schedule_id,type,title,account_id,region,resource_id,state,estimated_monthly_saving,on_demand_monthly_saving,realised_monthly_saving,realised_to_date,proposed_by,approved_by,applied_at,applied_via,verification',
    );
  });
});
