import type { AccessRow, PersonaName } from '../access-rows';

const UNKNOWN_REPORT = '00000000-0000-4000-8000-000000000000';
const byId = `/c/cost_page/reports/${UNKNOWN_REPORT}/`;

/** Anonymous 401; every signed-in persona `status` (a report id no client has answers 404 to all of them). */
const signedIn = (status: number): Record<PersonaName, number> => ({
  anonymous: 401,
  member: status,
  restricted: status,
  admin: status,
  partner: status,
  otherAdmin: status,
});

/**
 * Reports are read and written by any verified user of the client (owner and admin rules are the service's,
 * covered in reports.test.ts); requests use an invalid body or an unknown id so nothing lasts.
 */
export const reportsAccessRows: AccessRow[] = [
  {
    route: 'GET /c/cost_page/reports/',
    rule: 'verified',
    request: () => ({ path: '/c/cost_page/reports/?is_hidden=false' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /c/cost_page/reports/',
    rule: 'verified',
    request: () => ({ path: '/c/cost_page/reports/', body: {} }),
    expect: signedIn(400),
  },
  {
    route: 'GET /c/cost_page/reports/global_reports/',
    rule: 'verified',
    request: () => ({ path: '/c/cost_page/reports/global_reports/' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /c/cost_page/reports/:id/',
    rule: 'verified',
    request: () => ({ path: byId }),
    expect: signedIn(404),
  },
  {
    route: 'PATCH /c/cost_page/reports/:id/',
    rule: 'verified',
    request: () => ({ path: byId, body: { name: 'x' } }),
    expect: signedIn(404),
  },
  {
    route: 'DELETE /c/cost_page/reports/:id/',
    rule: 'verified',
    request: () => ({ path: byId }),
    expect: signedIn(404),
  },
  {
    route: 'POST /c/cost_page/reports/:id/share_code/',
    rule: 'verified',
    request: () => ({ path: `${byId}share_code/` }),
    expect: signedIn(404),
  },
  {
    route: 'DELETE /c/cost_page/reports/:id/share_code/',
    rule: 'verified',
    request: () => ({ path: `${byId}share_code/` }),
    expect: signedIn(404),
  },
  {
    route: 'POST /c/cost_page/reports/:id/send/',
    rule: 'verified',
    request: () => ({ path: `${byId}send/`, body: {} }),
    expect: signedIn(404),
  },
  {
    route: 'GET /c/cost_page/reports/:id/get_cost_target_lookback/',
    rule: 'verified',
    request: () => ({
      path: `${byId}get_cost_target_lookback/?start_date=2026-11-01&period=MONTHLY&lookback_period=3`,
    }),
    expect: signedIn(404),
  },
];
