import { INVENTORY_PATHS as P } from '@finlens/contracts/inventory';
import { RESOURCE_METRICS_PATHS } from '@finlens/contracts/resource-metrics';
import type { AccessRow } from '../access-rows';
import { adminOnly, signedIn } from './persona-expectations';

// The personas' accounts have no scenario and no credentials: collect now answers 409 (awaiting
// configuration), a scenario without its fields 400; another client's account is 404 (tests/api/inventory.test.ts).
export const inventoryAccessRows: AccessRow[] = [
  {
    // No resource is collected for the personas: 404 for all; tests/api/inventory.test.ts reads a collected one.
    route: `GET ${RESOURCE_METRICS_PATHS.metrics(':id')}`,
    rule: 'verified',
    request: () => ({ path: RESOURCE_METRICS_PATHS.metrics('i-0123456789abcdef0') }),
    expect: { ...signedIn(404), otherAdmin: 404 },
  },
  {
    route: `GET ${P.resources}`,
    rule: 'verified',
    request: (ids) => ({ path: `${P.resources}?project_ids=${ids.projectId}&sort=last_seen&order=desc` }),
    expect: { ...signedIn(200), otherAdmin: 404 },
  },
  {
    route: `POST ${P.collectNow(':id')}`,
    rule: 'admin',
    request: (ids) => ({ path: P.collectNow(ids.projectId) }),
    expect: { ...adminOnly(409), otherAdmin: 404 },
  },
  {
    route: `PUT ${P.scenario(':id')}`,
    rule: 'admin',
    request: (ids) => ({ path: P.scenario(ids.projectId), body: { version: 1 } }),
    expect: { ...adminOnly(400), otherAdmin: 404 },
  },
];
