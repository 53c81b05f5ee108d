import type { AccessRow } from '../access-rows';

/** Insights read the caller's client; client A's project is out of reach for the admin of another client. */
export const insightsAccessRows: AccessRow[] = [
  {
    route: 'GET /c/cost_page/insights/',
    rule: 'verified',
    request: ({ projectId }) => ({
      path: `/c/cost_page/insights/?start_date=2026-01-01&end_date=2026-01-31&project_ids=${projectId}`,
    }),
    expect: {
      anonymous: 401,
      member: 200,
      restricted: 200,
      admin: 200,
      partner: 200,
      otherAdmin: 404,
    },
  },
];
