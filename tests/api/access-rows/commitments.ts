import { COMMITMENTS_PATHS as P } from '@finlens/contracts/commitments';
import type { AccessRow } from '../access-rows';
import { adminOnly, signedIn } from './persona-expectations';

/**
 * Commitment management reads the caller's client; another client's project is a 404; only admins change the
 * alert settings, the client's rate table figures and its ShareSave share (tests/api/commitments.test.ts).
 */
export const commitmentsAccessRows: AccessRow[] = [
  ...[
    P.inventory,
    `${P.dashboard}?start_date=2026-01-01&end_date=2026-01-31&`,
    `${P.purchaseAnalysis}?look_back=7&`,
    `${P.reservationAnalysis}?look_back=7&`,
    P.convertible,
    P.alerts,
  ].map(
    (path): AccessRow => ({
      route: `GET ${path.split('?')[0]}`,
      rule: 'verified',
      request: (ids) => ({
        path: `${path}${path.includes('?') ? '' : '?'}project_ids=${ids.projectId}`,
      }),
      expect: { ...signedIn(200), otherAdmin: 404 },
    }),
  ),
  {
    route: `GET ${P.alertSettings}`,
    rule: 'verified',
    request: () => ({ path: P.alertSettings }),
    expect: signedIn(200),
  },
  {
    route: `PUT ${P.alertSettings}`,
    rule: 'admin',
    request: () => ({
      path: P.alertSettings,
      body: { expiry_days: [60, 14], utilisation_below: 0.75, coverage_drop_points: 0.1, purchase_days: 14 },
    }),
    expect: adminOnly(200),
  },
  // ShareSave is invisible to the personas' clients (none has sharesave_allowed or a listed partner): 404 for
  // every signed-in caller; changing the share needs an admin first.
  {
    route: `GET ${P.shareSave}`,
    rule: 'verified',
    request: () => ({ path: P.shareSave }),
    expect: signedIn(404),
  },
  {
    route: `PUT ${P.shareSave}`,
    rule: 'admin',
    request: () => ({ path: P.shareSave, body: { share: 0.2 } }),
    expect: adminOnly(404),
  },
  // The partner view: partner users only; the partner persona's clients have no ShareSave (an empty report).
  {
    route: `GET ${P.shareSavePartner}`,
    rule: 'partner',
    request: () => ({ path: P.shareSavePartner }),
    expect: { ...signedIn(403), partner: 200 },
  },
  {
    route: `GET ${P.rateOverrides}`,
    rule: 'verified',
    request: () => ({ path: P.rateOverrides }),
    expect: signedIn(200),
  },
  {
    route: `PUT ${P.rateOverrides}`,
    rule: 'admin',
    request: () => ({
      path: P.rateOverrides,
      body: { overrides: [{ kind: 'rds_ri', term: '1yr', payment_option: 'No Upfront', rate_ratio: 0.62 }] },
    }),
    expect: adminOnly(200),
  },
];
