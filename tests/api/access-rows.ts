import type { AccessRule } from '@finlens/contracts/roles';
import { chargebacksAccessRows } from './access-rows/chargebacks';
import { commitmentsAccessRows } from './access-rows/commitments';
import { computeCopilotAccessRows } from './access-rows/compute-copilot';
import { containersAccessRows } from './access-rows/containers';
import { costTargetsAccessRows } from './access-rows/cost-targets';
import { insightsAccessRows } from './access-rows/insights';
import { inventoryAccessRows } from './access-rows/inventory';
import { kubernetesAccessRows } from './access-rows/kubernetes';
import { notificationsAccessRows } from './access-rows/notifications';
import { recommendationsAccessRows } from './access-rows/recommendations';
import { reportsAccessRows } from './access-rows/reports';
import { resourcesCostAccessRows } from './access-rows/resources-cost';
import { savingsLedgerAccessRows } from './access-rows/savings-ledger';
import { schedulerAccessRows } from './access-rows/scheduler';
import { showbacksAccessRows } from './access-rows/showbacks';
import { tagExplorerAccessRows } from './access-rows/tag-explorer';

/** The six callers of the access matrix (issue 3). */
export const PERSONAS = ['anonymous', 'member', 'restricted', 'admin', 'partner', 'otherAdmin'] as const;
export type PersonaName = (typeof PERSONAS)[number];

/**
 * Ids a persona's request is built from. Each signed-in persona gets its own client's objects, except
 * `otherAdmin` (admin of another client), who gets client A's — every tenant-scoped call must answer it
 * 404. `anonymous` gets client A's too.
 */
export interface TargetIds {
  clientId: string;
  projectId: string;
  /** A member of the client and their current role (PATCH sends the same role: allowed, no change). */
  memberId: string;
  memberRole: 'admin' | 'member';
}

interface AccessRequest {
  path: string;
  body?: unknown;
  form?: boolean;
  headers?: Record<string, string>;
}

export interface AccessRow {
  /** `METHOD url` exactly as Fastify registered it. */
  route: string;
  /** The rule the route declares (config.access); the test checks the registry agrees. */
  rule: AccessRule;
  request(ids: TargetIds): AccessRequest;
  expect: Record<PersonaName, number>;
  /** Run with a fresh session per persona (calls that end the session). */
  fresh?: boolean;
}

const RANDOM_ID = '00000000-0000-4000-8000-000000000000';
const NOBODY = 'nobody@example.com';

const all = (status: number): Record<PersonaName, number> => ({
  anonymous: status,
  member: status,
  restricted: status,
  admin: status,
  partner: status,
  otherAdmin: status,
});
/** Anonymous 401; every signed-in persona `status` (they act on their own client). */
const signedIn = (status: number) => ({ ...all(status), anonymous: 401 });
/** Like signedIn, but client A's object is out of reach for the admin of another client. */
const ownClient = (status: number) => ({ ...signedIn(status), otherAdmin: 404 });
/** Admins only (the partner persona is admin of its own client); members get 403. */
const adminOnly = (status: number) => ({ ...signedIn(status), member: 403, restricted: 403 });
const partnerOnly = (status: number) => ({ ...signedIn(403), partner: status });

/** One object per route. Later issues append their routes here; a route missing from the table fails. */
export const ACCESS_ROWS: AccessRow[] = [
  {
    route: 'GET /*',
    rule: 'anonymous',
    request: () => ({ path: '/v3/home', headers: { accept: 'text/html' } }),
    expect: all(200),
  },
  { route: 'GET /api/health', rule: 'anonymous', request: () => ({ path: '/api/health' }), expect: all(200) },
  {
    route: 'GET /api/public-config',
    rule: 'anonymous',
    request: () => ({ path: '/api/public-config' }),
    expect: all(200),
  },
  { route: 'GET /api/docs', rule: 'anonymous', request: () => ({ path: '/api/docs' }), expect: all(200) },

  // Auth
  {
    route: 'GET /c/current/user/',
    rule: 'authenticated',
    request: () => ({ path: '/c/current/user/' }),
    expect: signedIn(200),
  },
  {
    route: 'PATCH /c/current/user/',
    rule: 'authenticated',
    request: () => ({ path: '/c/current/user/', body: {} }),
    expect: signedIn(200),
  },
  {
    route: 'GET /rest-auth/check_email/:email/',
    rule: 'anonymous',
    request: () => ({ path: `/rest-auth/check_email/${NOBODY}/` }),
    expect: all(200),
  },
  {
    route: 'POST /rest-auth/login/',
    rule: 'anonymous',
    // A new address each time: six failures for one account would trip the sign-in throttle.
    request: () => ({
      path: '/rest-auth/login/',
      body: { email: `nobody-${crypto.randomUUID()}@example.com`, password: 'Wrong$Pass1' },
    }),
    expect: all(400),
  },
  {
    route: 'POST /auth/logout/',
    rule: 'authenticated',
    request: () => ({ path: '/auth/logout/' }),
    expect: signedIn(200),
    fresh: true,
  },
  {
    route: 'POST /c/select/',
    rule: 'authenticated',
    request: (ids) => ({ path: '/c/select/', body: { client_id: ids.clientId }, form: true }),
    expect: ownClient(200),
  },
  {
    route: 'POST /rest-auth/registration/',
    rule: 'anonymous',
    request: () => ({ path: '/rest-auth/registration/', body: {} }),
    expect: all(400),
  },
  {
    route: 'POST /rest-auth/registration/verify-email/',
    rule: 'anonymous',
    request: () => ({ path: '/rest-auth/registration/verify-email/', body: { key: 'not-a-key' } }),
    expect: all(400),
  },
  {
    route: 'POST /rest-auth/registration/resend-email/',
    rule: 'anonymous',
    request: () => ({ path: '/rest-auth/registration/resend-email/', body: { email: NOBODY } }),
    expect: all(200),
  },
  {
    route: 'POST /rest-auth/password/reset/',
    rule: 'anonymous',
    request: () => ({ path: '/rest-auth/password/reset/', body: { email: NOBODY } }),
    expect: all(200),
  },
  {
    route: 'POST /rest-auth/password/reset/confirm/',
    rule: 'anonymous',
    request: () => ({
      path: '/rest-auth/password/reset/confirm/',
      body: { uid: 'eA', token: 'nope', new_password1: 'Blue$Harbor42', new_password2: 'Blue$Harbor42' },
    }),
    expect: all(400),
  },
  {
    route: 'POST /rest-auth/password/change/',
    rule: 'authenticated',
    request: () => ({ path: '/rest-auth/password/change/', body: {} }),
    expect: signedIn(400),
  },

  // Admin
  {
    route: 'GET /c/admin/status/',
    rule: 'verified',
    request: () => ({ path: '/c/admin/status/' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /c/admin/clients/:id/',
    rule: 'verified',
    request: (ids) => ({ path: `/c/admin/clients/${ids.clientId}/` }),
    expect: ownClient(200),
  },
  {
    route: 'PATCH /c/admin/clients/:id/',
    rule: 'admin',
    request: (ids) => ({ path: `/c/admin/clients/${ids.clientId}/`, body: {} }),
    expect: { ...adminOnly(200), otherAdmin: 404 },
  },
  {
    route: 'GET /c/admin/all_clients/',
    rule: 'verified',
    request: () => ({ path: '/c/admin/all_clients/' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /c/admin/projectaws/',
    rule: 'verified',
    request: () => ({ path: '/c/admin/projectaws/' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /c/admin/projectaws/:id/',
    rule: 'verified',
    request: (ids) => ({ path: `/c/admin/projectaws/${ids.projectId}/` }),
    expect: ownClient(200),
  },
  {
    route: 'GET /c/admin/projectaws_listing/',
    rule: 'verified',
    request: () => ({ path: '/c/admin/projectaws_listing/' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /c/admin/projectaws/organization_accounts/',
    rule: 'verified',
    request: () => ({ path: '/c/admin/projectaws/organization_accounts/' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /c/admin/azure-projects/',
    rule: 'verified',
    request: () => ({ path: '/c/admin/azure-projects/' }),
    expect: signedIn(200),
  },

  // Cloud accounts (Settings → AWS Accounts / Cloud Accounts) and the billing upload. The personas'
  // projects have no billing source, so the source-bound calls answer 400 to those allowed through.
  {
    route: 'GET /c/cloud_accounts/',
    rule: 'verified',
    request: () => ({ path: '/c/cloud_accounts/' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /c/cloud_accounts/',
    rule: 'admin',
    request: () => ({ path: '/c/cloud_accounts/', body: { name: '' } }),
    expect: adminOnly(400),
  },
  {
    route: 'POST /c/cloud_accounts/check/',
    rule: 'admin',
    request: () => ({ path: '/c/cloud_accounts/check/', body: {} }),
    expect: adminOnly(400),
  },
  {
    route: 'GET /c/cloud_accounts/:id/',
    rule: 'verified',
    request: (ids) => ({ path: `/c/cloud_accounts/${ids.projectId}/` }),
    expect: ownClient(200),
  },
  {
    route: 'PATCH /c/cloud_accounts/:id/',
    rule: 'admin',
    request: (ids) => ({ path: `/c/cloud_accounts/${ids.projectId}/`, body: {} }),
    expect: { ...adminOnly(200), otherAdmin: 404 },
  },
  {
    route: 'DELETE /c/cloud_accounts/:id/',
    rule: 'admin',
    request: () => ({ path: `/c/cloud_accounts/${RANDOM_ID}/` }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /c/cloud_accounts/:id/check/',
    rule: 'admin',
    request: (ids) => ({ path: `/c/cloud_accounts/${ids.projectId}/check/` }),
    expect: { ...adminOnly(400), otherAdmin: 404 },
  },
  {
    route: 'POST /c/cloud_accounts/:id/import_now/',
    rule: 'admin',
    request: (ids) => ({ path: `/c/cloud_accounts/${ids.projectId}/import_now/` }),
    expect: { ...adminOnly(400), otherAdmin: 404 },
  },
  {
    route: 'GET /c/cloud_accounts/:id/imports/',
    rule: 'verified',
    request: (ids) => ({ path: `/c/cloud_accounts/${ids.projectId}/imports/` }),
    expect: ownClient(200),
  },
  {
    route: 'GET /c/cloud_accounts/:id/cloudformation/',
    rule: 'verified',
    request: (ids) => ({ path: `/c/cloud_accounts/${ids.projectId}/cloudformation/` }),
    expect: ownClient(400),
  },
  {
    route: 'GET /c/cloud_accounts/:id/terraform/',
    rule: 'verified',
    request: (ids) => ({ path: `/c/cloud_accounts/${ids.projectId}/terraform/` }),
    expect: ownClient(400),
  },
  {
    route: 'POST /c/billing/upload/',
    rule: 'admin',
    request: () => ({ path: '/c/billing/upload/', body: {} }),
    expect: adminOnly(400),
  },

  // Partner
  {
    route: 'GET /app_partner/partner/',
    rule: 'partner',
    request: () => ({ path: '/app_partner/partner/' }),
    expect: partnerOnly(200),
  },
  {
    route: 'POST /app_partner/partner/',
    rule: 'verified',
    request: () => ({ path: '/app_partner/partner/', body: { name: '' } }),
    expect: signedIn(400),
  },
  {
    route: 'GET /app_partner/clients/',
    rule: 'partner',
    request: () => ({ path: '/app_partner/clients/' }),
    expect: partnerOnly(200),
  },
  {
    route: 'POST /app_partner/clients/',
    rule: 'partner_admin',
    request: () => ({ path: '/app_partner/clients/', body: { name: '' } }),
    expect: partnerOnly(400),
  },

  // Team
  {
    route: 'GET /c/team/members/',
    rule: 'unrestricted',
    request: () => ({ path: '/c/team/members/' }),
    expect: { ...signedIn(200), restricted: 403 },
  },
  {
    route: 'POST /c/team/members/',
    rule: 'admin',
    request: () => ({ path: '/c/team/members/', body: { email: 'bad' } }),
    expect: adminOnly(400),
  },
  {
    route: 'PATCH /c/team/members/:user_id/',
    rule: 'admin',
    request: (ids) => ({ path: `/c/team/members/${ids.memberId}/`, body: { role: ids.memberRole } }),
    expect: { ...adminOnly(200), otherAdmin: 404 },
  },
  {
    route: 'DELETE /c/team/members/:user_id/',
    rule: 'admin',
    request: () => ({ path: `/c/team/members/${RANDOM_ID}/` }),
    expect: adminOnly(404),
  },

  // Invitations (ADR 0009: admins list and revoke; the invited user answers their own)
  {
    route: 'GET /c/team/invitations/',
    rule: 'admin',
    request: () => ({ path: '/c/team/invitations/' }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /c/team/invitations/:id/',
    rule: 'admin',
    request: () => ({ path: `/c/team/invitations/${RANDOM_ID}/` }),
    expect: adminOnly(404),
  },
  {
    route: 'GET /c/invitations/',
    rule: 'verified',
    request: () => ({ path: '/c/invitations/' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /c/invitations/:id/accept/',
    rule: 'verified',
    request: () => ({ path: `/c/invitations/${RANDOM_ID}/accept/` }),
    expect: signedIn(404),
  },
  {
    route: 'POST /c/invitations/:id/decline/',
    rule: 'verified',
    request: () => ({ path: `/c/invitations/${RANDOM_ID}/decline/` }),
    expect: signedIn(404),
  },

  // API keys
  {
    route: 'GET /c/api_keys/',
    rule: 'verified',
    request: () => ({ path: '/c/api_keys/' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /c/api_keys/',
    rule: 'admin',
    request: () => ({ path: '/c/api_keys/', body: { name: '' } }),
    expect: adminOnly(400),
  },
  {
    route: 'DELETE /c/api_keys/:id/',
    rule: 'verified',
    request: () => ({ path: `/c/api_keys/${RANDOM_ID}/` }),
    expect: signedIn(404),
  },

  // Policy
  {
    route: 'GET /c/policy_version/',
    rule: 'verified',
    request: () => ({ path: '/c/policy_version/' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /c/policy_version/',
    rule: 'admin',
    request: () => ({ path: '/c/policy_version/', body: { project_id: 'all', accepted: true } }),
    expect: adminOnly(200),
  },

  // Cost page: the start-up chain's month-to-date spend; client A's project is out of reach for otherAdmin.
  {
    route: 'GET /c/cost_page/cost_summary/',
    rule: 'verified',
    request: ({ projectId }) => ({
      path: `/c/cost_page/cost_summary/?imply_client=true&project_ids=${projectId}`,
    }),
    expect: ownClient(200),
  },
  // Cost Explorer: every call reads the caller's client; client A's project is out of reach for otherAdmin.
  ...(
    [
      'dimension_daily_cost/?',
      'tag_values_granularity/?key=team&',
      'label_values_granularity/?key=app&',
      'cost_allocation_tag_values_granularity/?key=unit&',
    ] as const
  ).map(
    (route): AccessRow => ({
      route: `GET /c/cost_page/${route.slice(0, route.indexOf('?'))}`,
      rule: 'verified',
      request: ({ projectId }) => ({
        path: `/c/cost_page/${route}start_date=2026-01-01&end_date=2026-01-31&project_ids=${projectId}`,
      }),
      expect: ownClient(200),
    }),
  ),
  {
    route: 'POST /c/cost_page/dimension_daily_cost/',
    rule: 'verified',
    request: ({ projectId }) => ({
      path: '/c/cost_page/dimension_daily_cost/',
      body: { start_date: '2026-01-01', end_date: '2026-01-31', project_ids: projectId },
    }),
    expect: ownClient(200),
  },
  {
    route: 'GET /c/cost_page/dimension_values/',
    rule: 'verified',
    request: ({ projectId }) => ({
      path: `/c/cost_page/dimension_values/?dimension=product_region&project_ids=${projectId}`,
    }),
    expect: ownClient(200),
  },
  {
    route: 'GET /c/cost_page/dimension_keys/',
    rule: 'verified',
    request: ({ projectId }) => ({
      path: `/c/cost_page/dimension_keys/?dimension=tag_keys&project_ids=${projectId}`,
    }),
    expect: ownClient(200),
  },
  {
    route: 'GET /c/cost_page/dimensions/',
    rule: 'verified',
    request: () => ({ path: '/c/cost_page/dimensions/?start_date=2026-01-01&end_date=2026-01-31' }),
    expect: signedIn(200),
  },

  // Search: suggestions of the caller's own client; client A's project in the filters is out of reach for otherAdmin.
  {
    route: 'GET /c/ac/auto-complete/',
    rule: 'verified',
    request: () => ({ path: '/c/ac/auto-complete/?query=ec2' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /c/ac/query',
    rule: 'verified',
    request: ({ projectId }) => ({
      path: `/c/ac/query?q=*&filters=${encodeURIComponent(JSON.stringify({ 'project.id': [projectId] }))}`,
    }),
    expect: ownClient(200),
  },

  // SSO
  { route: 'GET /c/sso/', rule: 'admin', request: () => ({ path: '/c/sso/' }), expect: adminOnly(200) },
  {
    route: 'PUT /c/sso/',
    rule: 'admin',
    request: () => ({ path: '/c/sso/', body: {} }),
    expect: adminOnly(400),
  },
  {
    route: 'GET /rest-auth/sso/start/',
    rule: 'anonymous',
    request: () => ({ path: `/rest-auth/sso/start/?email=${NOBODY}` }),
    expect: all(404),
  },
  // Without the signed state cookie of a started sign-in: back to the sign-in screen with sso_error.
  {
    route: 'GET /rest-auth/sso/callback/',
    rule: 'anonymous',
    request: () => ({ path: '/rest-auth/sso/callback/?code=x&state=y' }),
    expect: all(302),
  },

  // Payment
  {
    route: 'GET /payment/payment-method/',
    rule: 'verified',
    request: () => ({ path: '/payment/payment-method/' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /payment/package/',
    rule: 'verified',
    request: () => ({ path: '/payment/package/' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /payment/package/activate_trial/',
    rule: 'admin',
    request: () => ({ path: '/payment/package/activate_trial/' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /payment/package/request_upgrade/',
    rule: 'admin',
    request: () => ({ path: '/payment/package/request_upgrade/' }),
    expect: adminOnly(200),
  },

  // Local control (the CLI of this machine, while the server holds the warehouse): only the bearer token of
  // DATA_DIR/run/server.json opens them, so every persona's session or API key alone gets 401.
  {
    route: 'POST /api/local/import',
    rule: 'anonymous',
    request: () => ({
      path: '/api/local/import',
      body: { path: '/nowhere', clientName: 'A', projectName: 'B', format: 'auto', env: {} },
    }),
    expect: all(401),
  },
  {
    route: 'POST /api/local/query',
    rule: 'anonymous',
    request: () => ({
      path: '/api/local/query',
      body: {
        from: '2023-11-01',
        to: '2023-11-30',
        granularity: 'day',
        costType: 'unblended',
        format: 'json',
      },
    }),
    expect: all(401),
  },
  {
    route: 'POST /api/local/demo',
    rule: 'anonymous',
    request: () => ({
      path: '/api/local/demo',
      body: { options: { rows: 10, months: 1, seed: 1, endMonth: '2026-01' }, demoPassword: null },
    }),
    expect: all(401),
  },
  ...insightsAccessRows,
  ...reportsAccessRows,
  ...notificationsAccessRows,
  ...costTargetsAccessRows,
  ...inventoryAccessRows,
  ...schedulerAccessRows,
  ...kubernetesAccessRows,
  ...recommendationsAccessRows,
  ...commitmentsAccessRows,
  ...computeCopilotAccessRows,
  ...resourcesCostAccessRows,
  ...containersAccessRows,
  ...savingsLedgerAccessRows,
  ...tagExplorerAccessRows,
  ...showbacksAccessRows,
  ...chargebacksAccessRows,
];
