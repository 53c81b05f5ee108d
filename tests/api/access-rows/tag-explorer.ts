import type { AccessRow, PersonaName } from '../access-rows';

const RANDOM_ID = '00000000-0000-4000-8000-000000000000';
/**
 * Anonymous 401; members (plain and RBAC-restricted) `member`; admins (the partner persona is admin of its
 * own client) `admin`; the admin of another client, who is sent client A's ids, `other`.
 */
const statuses = (admin: number, member = admin, other = admin): Record<PersonaName, number> => ({
  anonymous: 401,
  member,
  restricted: member,
  admin,
  partner: admin,
  otherAdmin: other,
});

/** The Tag explorer reads the caller's client; tag policies are read by members, changed by admins. */
export const tagExplorerAccessRows: AccessRow[] = [
  ...(['?', 'values/?key=user_team&', 'untagged/?'] as const).map(
    (route): AccessRow => ({
      route: `GET /c/cost_page/tag_explorer/${route.slice(0, route.indexOf('?'))}`,
      rule: 'verified',
      request: ({ projectId }) => ({
        path: `/c/cost_page/tag_explorer/${route}start_date=2026-01-01&end_date=2026-01-31&project_ids=${projectId}`,
      }),
      expect: statuses(200, 200, 404),
    }),
  ),
  {
    route: 'GET /c/tag_policies/violations/',
    rule: 'verified',
    request: ({ projectId }) => ({
      path: `/c/tag_policies/violations/?start_date=2026-01-01&end_date=2026-01-31&project_ids=${projectId}`,
    }),
    expect: statuses(200, 200, 404),
  },
  {
    route: 'GET /c/tag_policies/',
    rule: 'verified',
    request: () => ({ path: '/c/tag_policies/' }),
    expect: statuses(200),
  },
  {
    route: 'POST /c/tag_policies/',
    rule: 'admin',
    // An invalid body: allowed callers get the 400, nothing is created.
    request: () => ({ path: '/c/tag_policies/', body: { name: '' } }),
    expect: statuses(400, 403),
  },
  {
    route: 'GET /c/tag_policies/:id/',
    rule: 'verified',
    request: () => ({ path: `/c/tag_policies/${RANDOM_ID}/` }),
    expect: statuses(404),
  },
  {
    route: 'PATCH /c/tag_policies/:id/',
    rule: 'admin',
    request: () => ({ path: `/c/tag_policies/${RANDOM_ID}/`, body: { enabled: false } }),
    expect: statuses(404, 403),
  },
  {
    route: 'DELETE /c/tag_policies/:id/',
    rule: 'admin',
    request: () => ({ path: `/c/tag_policies/${RANDOM_ID}/` }),
    expect: statuses(404, 403),
  },
];
