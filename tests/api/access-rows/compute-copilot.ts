import { COMPUTE_COPILOT_PATHS as P } from '@finlens/contracts/compute-copilot';
import type { AccessRow } from '../access-rows';
import { signedIn } from './persona-expectations';

/** Compute Copilot's dashboards read the caller's client; another client's project is a 404 (tests/api/compute-copilot.test.ts). */
export const computeCopilotAccessRows: AccessRow[] = [
  ...[P.asg, P.databricks, P.visibility, P.visibilityGroup.replace(':type/:id', 'purchase-option/spot')].map(
    (path): AccessRow => ({
      route: `GET ${path === P.asg || path === P.databricks || path === P.visibility ? path : P.visibilityGroup}`,
      rule: 'verified',
      request: (ids) => ({ path: `${path}?project_ids=${ids.projectId}` }),
      expect: { ...signedIn(200), otherAdmin: 404 },
    }),
  ),
  {
    route: `GET ${P.resource}`,
    rule: 'verified',
    // No such resource in a fresh project: the read is allowed and answers 404 (another client's project too).
    request: (ids) => ({
      path: `${P.resource.replace(':id', 'i-0123456789abcdef0')}?project_ids=${ids.projectId}`,
    }),
    expect: { ...signedIn(404), otherAdmin: 404 },
  },
  {
    route: `GET ${P.asgActivities}`,
    rule: 'verified',
    // A fresh project's inventory lists no such group: the read is allowed and answers 404 (another client's too).
    request: (ids) => ({
      path: `${P.asgActivities}?project_id=${ids.projectId}&account_id=111122223333&region=us-east-1&name=web-asg`,
    }),
    expect: { ...signedIn(404), otherAdmin: 404 },
  },
];
