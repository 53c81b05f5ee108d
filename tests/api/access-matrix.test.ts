import { COST_TARGET_PATHS as TARGETS } from '@finlens/contracts/cost-targets';
import { ACCESS_DETAILS } from '@finlens/contracts/roles';
import { testPostgresUrl } from '@finlens/server/db/test-database-url';
import type { TestSmtp } from '@finlens/server/platform/mail/test-smtp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_ROWS, type AccessRow, PERSONAS, type PersonaName, type TargetIds } from './access-rows';
import { HttpSession } from './http-session';
import {
  anonymousSession,
  inviteAccepted,
  signInOk,
  signUpVerified,
  useServerWithMail,
} from './identity-fixtures';
import type { TestServer } from './test-server';

let server: TestServer;
let smtp: TestSmtp;
const sessions = {} as Record<PersonaName, HttpSession>;
const emails = {} as Record<PersonaName, string>;
const ids = {} as Record<PersonaName, TargetIds>;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function addProject(clientId: string, name: string): Promise<string> {
  const row = await server.appDb
    .insertInto('projects')
    .values({ client_id: clientId, name, billing_last_ingestion_datetime: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Client A: admin + member. Client R (RBAC on): its admin is "admin of another client", plus a restricted member. */
async function createPersonas(): Promise<void> {
  const admin = await signUpVerified(server.baseUrl, smtp, { label: 'admin-a' });
  const member = await inviteAccepted(server.baseUrl, smtp, admin, { label: 'member-a' });
  const otherAdmin = await signUpVerified(server.baseUrl, smtp, { label: 'admin-r' });
  const rId = otherAdmin.profile.client_id ?? '';
  expect((await otherAdmin.session.patch(`/c/admin/clients/${rId}/`, { is_rbac_enabled: true })).status).toBe(
    200,
  );
  const restricted = await inviteAccepted(server.baseUrl, smtp, otherAdmin, { label: 'restricted-r' });
  expect(restricted.profile.member_rbac_enabled).toBe(true);
  const partner = await signUpVerified(server.baseUrl, smtp, { label: 'partner' });
  expect((await partner.session.post('/app_partner/partner/', { name: 'Solutions Inc' })).status).toBe(201);

  const aId = admin.profile.client_id ?? '';
  const pId = partner.profile.client_id ?? '';
  const projectA = await addProject(aId, 'Payer A');
  const projectR = await addProject(rId, 'Payer R');
  const projectP = await addProject(pId, 'Payer P');
  const clientA: TargetIds = {
    clientId: aId,
    projectId: projectA,
    memberId: member.profile.id,
    memberRole: 'member',
  };
  Object.assign(ids, {
    anonymous: clientA,
    member: clientA,
    admin: clientA,
    otherAdmin: clientA,
    restricted: { clientId: rId, projectId: projectR, memberId: restricted.profile.id, memberRole: 'member' },
    partner: { clientId: pId, projectId: projectP, memberId: partner.profile.id, memberRole: 'admin' },
  });
  const personas = { member, restricted, admin, partner, otherAdmin };
  for (const [name, persona] of Object.entries(personas)) {
    sessions[name as PersonaName] = persona.session;
    emails[name as PersonaName] = persona.email;
  }
  sessions.anonymous = await anonymousSession(server.baseUrl);
}

async function sessionFor(persona: PersonaName, row: AccessRow): Promise<HttpSession> {
  if (!row.fresh) return sessions[persona];
  if (persona === 'anonymous') return anonymousSession(server.baseUrl);
  return (await signInOk(server.baseUrl, emails[persona])).session;
}

function split(route: string): { method: string; url: string } {
  const [method = '', url = ''] = route.split(' ');
  return { method, url };
}

/**
 * The rows whose calls run: all of them on PGlite ("api"). In the "(PostgreSQL)" rerun, what the engine can
 * change is how a rule resolves the caller (session, membership, RBAC project permissions, partner link — one set
 * of app-database lookups per rule), not the route: there one reading and one writing route per rule.
 */
const MATRIX_ROWS =
  testPostgresUrl() === null
    ? ACCESS_ROWS
    : ACCESS_ROWS.filter((row, index) => {
        const safe = (r: AccessRow) => !UNSAFE.has(split(r.route).method);
        return ACCESS_ROWS.findIndex((r) => r.rule === row.rule && safe(r) === safe(row)) === index;
      });

// Thousands of calls from one address in a few minutes: far above the default per-minute limit.
const context = useServerWithMail({
  RATE_LIMIT_PER_MINUTE: '100000',
  SESSION_RATE_LIMIT_PER_MINUTE: '100000',
});
beforeAll(async () => {
  server = context.server;
  smtp = context.smtp;
  await createPersonas();
}, 120_000);

describe('access matrix: every route × every persona', () => {
  it('has exactly one row per registered route, with the rule the route declares', () => {
    const registered = server.routeAccess.map((entry) => `${entry.method} ${entry.url}`).sort();
    const rows = ACCESS_ROWS.map((row) => row.route).sort();
    expect(rows).toEqual([...new Set(rows)]);
    expect(
      registered.filter((route) => !rows.includes(route)),
      'routes missing from access-rows.ts',
    ).toEqual([]);
    expect(
      rows.filter((route) => !registered.includes(route)),
      'rows without a route',
    ).toEqual([]);
    for (const entry of server.routeAccess) {
      const row = ACCESS_ROWS.find((candidate) => candidate.route === `${entry.method} ${entry.url}`);
      expect(row?.rule, `${entry.method} ${entry.url}`).toBe(entry.access);
    }
  });

  describe.each(MATRIX_ROWS)('$route', (row) => {
    it.each(PERSONAS)('%s', async (persona) => {
      const { method } = split(row.route);
      const request = row.request(ids[persona]);
      const session = await sessionFor(persona, row);
      const result = await session.request(method, request.path, request);
      expect(result.status, JSON.stringify(result.body)).toBe(row.expect[persona]);
    });
  });
});

describe('HEAD requests share the GET rule', () => {
  it('refuses HEAD of a members-only listing to a restricted member and to anonymous', async () => {
    expect((await sessions.restricted.request('HEAD', '/c/team/members/')).status).toBe(403);
    expect((await sessions.anonymous.request('HEAD', '/c/current/user/')).status).toBe(401);
    expect((await sessions.member.request('HEAD', '/c/team/members/')).status).toBe(200);
  });
});

describe('CSRF', () => {
  const unsafeRows = MATRIX_ROWS.filter((row) => UNSAFE.has(split(row.route).method));

  it.each(unsafeRows.map((row) => [row.route, row] as const))(
    '%s refuses a missing or wrong X-CSRFToken',
    async (_route, row) => {
      const { method } = split(row.route);
      const persona: PersonaName = row.rule === 'anonymous' ? 'anonymous' : 'admin';
      const request = row.request(ids[persona]);
      const session = await sessionFor(persona, row);
      for (const csrf of [null, 'wrong-token']) {
        const result = await session.request(method, request.path, { ...request, csrf });
        expect(result).toMatchObject({ status: 403, body: { detail: ACCESS_DETAILS.csrf } });
      }
    },
  );

  it('has unsafe routes to check', () => {
    expect(unsafeRows.length).toBeGreaterThan(testPostgresUrl() === null ? 10 : 2);
  });
});

describe('tenancy: another client’s objects answer exactly like unknown ones', () => {
  const random = '00000000-0000-4000-8000-000000000000';

  it.each([
    ['GET', (id: string) => `/c/admin/clients/${id}/`, 'clientId'],
    ['GET', (id: string) => `/c/admin/projectaws/${id}/`, 'projectId'],
    ['GET', (id: string) => `/c/policy_version/?project_id=${id}`, 'projectId'],
    ['GET', (id: string) => `/c/admin/status/?partner_scope_id=${id}`, 'clientId'],
    ['PATCH', (id: string) => `/c/team/members/${id}/`, 'memberId'],
    ['DELETE', (id: string) => `/c/team/members/${id}/`, 'memberId'],
  ] as const)('%s %s', async (method, path, key) => {
    const body = method === 'PATCH' ? { role: 'admin' } : undefined;
    const foreign = await sessions.otherAdmin.request(method, path(ids.admin[key]), { body });
    const unknown = await sessions.otherAdmin.request(method, path(random), { body });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
  });

  it('switching to another client is a 404', async () => {
    const result = await sessions.otherAdmin.post(
      '/c/select/',
      { client_id: ids.admin.clientId },
      { form: true },
    );
    expect(result.status).toBe(404);
  });

  it('an API key of client A cannot be revoked from client R', async () => {
    const created = await sessions.admin.post('/c/api_keys/', { name: 'A key' });
    const keyId = (created.body as { id: string }).id;
    expect((await sessions.otherAdmin.delete(`/c/api_keys/${keyId}/`)).status).toBe(404);
    const listed = await sessions.admin.get('/c/api_keys/');
    expect(listed.body).toEqual([expect.objectContaining({ id: keyId, revoked_at: null })]);
  });

  it('lists never include another client’s rows', async () => {
    const team = JSON.stringify((await sessions.otherAdmin.get('/c/team/members/')).body);
    expect(team).not.toContain(emails.admin);
    expect(team).not.toContain(emails.member);
    const projects = (await sessions.otherAdmin.get('/c/admin/projectaws/')).body as { id: string }[];
    expect(projects.map((project) => project.id)).toEqual([ids.restricted.projectId]);
    const listing = JSON.stringify((await sessions.otherAdmin.get('/c/admin/projectaws_listing/')).body);
    expect(listing).not.toContain(ids.admin.projectId);
  });
});

describe('member permissions (ADR 0009)', () => {
  const target = { name: 'Member proposal', start_date: '2026-01-01', amount: 100 };

  it('a member reads an admin’s cost target, its plans and alerts, and changes none of them', async () => {
    const created = await sessions.admin.post(TARGETS.targets, target);
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const one = TARGETS.target.replace(':id', id);
    expect((await sessions.member.get(one)).status).toBe(200);
    expect((await sessions.member.get(`${TARGETS.alerts}?cost_target=${id}`)).status).toBe(200);
    for (const [method, path, body] of [
      ['PATCH', one, { name: 'Renamed by a member' }],
      ['DELETE', one, undefined],
      ['POST', TARGETS.createPlannings.replace(':id', id), { method: 'lookback', lookback_months: 3 }],
      ['POST', TARGETS.alerts, { cost_target: id, threshold: 80, recipients: { emails: ['x@example.com'] } }],
    ] as const) {
      const answer = await sessions.member.request(method, path, { body });
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { detail: ACCESS_DETAILS.forbidden },
      });
    }
    const after = await sessions.member.get(one);
    expect(after.body).toMatchObject({ name: target.name });
    expect((await sessions.admin.delete(one)).status).toBe(204);
  });

  it('an API key has its user’s current role: an admin’s key loses admin rights when they become a member', async () => {
    const memberId = ids.member.memberId;
    expect((await sessions.admin.patch(`/c/team/members/${memberId}/`, { role: 'admin' })).status).toBe(200);
    const made = await sessions.member.post('/c/api_keys/', { name: 'Made while admin' });
    expect(made.status).toBe(201);
    const { id, key } = made.body as { id: string; key: string };
    expect((await sessions.admin.patch(`/c/team/members/${memberId}/`, { role: 'member' })).status).toBe(200);

    const viaKey = HttpSession.withApiKey(server.baseUrl, key);
    expect((await viaKey.get(TARGETS.targets)).status).toBe(200);
    expect((await viaKey.post(TARGETS.targets, target)).status).toBe(403);
    expect((await viaKey.post('/c/api_keys/', { name: 'Another' })).status).toBe(403);
    expect((await sessions.member.post('/c/api_keys/', { name: 'Another' })).status).toBe(403);
    // A member still lists and revokes the keys they made.
    const listed = (await sessions.member.get('/c/api_keys/')).body as { id: string }[];
    expect(listed.map((row) => row.id)).toContain(id);
    expect((await sessions.member.delete(`/c/api_keys/${id}/`)).status).toBe(204);
    expect((await viaKey.get(TARGETS.targets)).status).toBe(401);
  });
});
