import { CONTAINERS_PATHS as P } from '@finlens/contracts/containers';
import type { AccessRow } from '../access-rows';
import { signedIn } from './persona-expectations';

// Kubernetes cost reads the caller's client; client A's project is out of reach for another client's admin (404).
const read = (path: string): AccessRow => ({
  route: `GET ${path}`,
  rule: 'verified',
  request: (ids) => ({ path: `${path}?project_ids=${ids.projectId}` }),
  expect: { ...signedIn(200), otherAdmin: 404 },
});

export const containersAccessRows: AccessRow[] = [
  read(P.summary),
  read(P.allocation),
  read(P.reconciliation),
  read(P.rightsizing),
];
