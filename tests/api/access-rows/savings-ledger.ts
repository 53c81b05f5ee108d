import { SAVINGS_LEDGER_PATHS as P } from '@finlens/contracts/savings-ledger';
import type { AccessRow } from '../access-rows';
import { adminOnly, signedIn } from './persona-expectations';

// The ledger reads the caller's client; client A's project is out of reach for another client's admin (404), and
// a recommendation the rules engine does not know is 404 for everyone. Members propose; only admins change the
// remediation policies (approve and apply refuse a member in the service: 403 with the state machine's reason).
const entry = `${P.entries}:recommendation_id/`;

export const savingsLedgerAccessRows: AccessRow[] = [
  {
    route: `GET ${P.entries}`,
    rule: 'verified',
    request: (ids) => ({ path: `${P.entries}?project_ids=${ids.projectId}` }),
    expect: { ...signedIn(200), otherAdmin: 404 },
  },
  {
    route: `GET ${P.totals}`,
    rule: 'verified',
    request: (ids) => ({ path: `${P.totals}?project_ids=${ids.projectId}&group_by=account` }),
    expect: { ...signedIn(200), otherAdmin: 404 },
  },
  {
    route: `GET ${P.export}`,
    rule: 'verified',
    request: (ids) => ({ path: `${P.export}?project_ids=${ids.projectId}` }),
    expect: { ...signedIn(200), otherAdmin: 404 },
  },
  {
    route: `GET ${P.remediation}`,
    rule: 'verified',
    request: () => ({ path: P.remediation }),
    expect: signedIn(200),
  },
  {
    route: `PUT ${P.remediation}`,
    rule: 'admin',
    request: () => ({ path: P.remediation, body: { policies: [] } }),
    expect: adminOnly(200),
  },
  {
    route: `GET ${entry}`,
    rule: 'verified',
    request: () => ({ path: P.entry('no-such-recommendation') }),
    expect: signedIn(404),
  },
  {
    route: `POST ${entry}transition/`,
    rule: 'verified',
    request: () => ({ path: P.transition('no-such-recommendation'), body: { action: 'reopen' } }),
    expect: signedIn(404),
  },
];
