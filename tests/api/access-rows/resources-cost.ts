import { RESOURCES_COST_PATHS as P } from '@finlens/contracts/resources-cost';
import type { AccessRow } from '../access-rows';
import { signedIn } from './persona-expectations';

// Resources Cost reads the caller's client; client A's project is out of reach for another client's admin
// (404). A key that is not a resource of the project is 404 too (tests/api/resources-cost.test.ts).
export const resourcesCostAccessRows: AccessRow[] = [
  {
    route: `GET ${P.list}`,
    rule: 'verified',
    request: (ids) => ({ path: `${P.list}?project_ids=${ids.projectId}&sort=name&order=asc` }),
    expect: { ...signedIn(200), otherAdmin: 404 },
  },
  {
    route: `GET ${P.export}`,
    rule: 'verified',
    request: (ids) => ({ path: `${P.export}?project_ids=${ids.projectId}` }),
    expect: { ...signedIn(200), otherAdmin: 404 },
  },
  {
    route: `GET ${P.resource}`,
    rule: 'verified',
    request: (ids) => ({
      path: `${P.resource}?project_id=${ids.projectId}&key=${encodeURIComponent('1|i-0')}`,
    }),
    expect: { ...signedIn(404), otherAdmin: 404 },
  },
];
