import { KUBERNETES_PATHS as P } from '@finlens/contracts/kubernetes';
import type { AccessRow } from '../access-rows';
import { adminOnly, signedIn } from './persona-expectations';

const CLUSTER = '00000000-0000-4000-8000-000000000000';

// Clusters belong to a client's projects; their credentials are an admin's (members 403). Writes here send an
// http URL, so they stop at the 400 after the scope check (tests/api/kubernetes-clusters.test.ts saves them).
export const kubernetesAccessRows: AccessRow[] = [
  {
    route: `GET ${P.clusters}`,
    rule: 'verified',
    request: () => ({ path: P.clusters }),
    expect: signedIn(200),
  },
  {
    route: `POST ${P.clusters}`,
    rule: 'admin',
    request: (ids) => ({
      path: P.clusters,
      body: {
        name: 'k',
        project: ids.projectId,
        api_server_url: 'http://kube.example.com',
        ca_certificate: 'x',
      },
    }),
    expect: { ...adminOnly(400), otherAdmin: 404 },
  },
  {
    route: `GET ${P.cluster(':id')}`,
    rule: 'verified',
    request: () => ({ path: P.cluster(CLUSTER) }),
    expect: signedIn(404),
  },
  {
    route: `PATCH ${P.cluster(':id')}`,
    rule: 'admin',
    request: () => ({ path: P.cluster(CLUSTER), body: { name: 'k' } }),
    expect: adminOnly(404),
  },
  {
    route: `DELETE ${P.cluster(':id')}`,
    rule: 'admin',
    request: () => ({ path: P.cluster(CLUSTER) }),
    expect: adminOnly(404),
  },
  {
    route: `POST ${P.check(':id')}`,
    rule: 'admin',
    request: () => ({ path: P.check(CLUSTER) }),
    expect: adminOnly(404),
  },
  {
    route: `GET ${P.workloads(':id')}`,
    rule: 'verified',
    request: () => ({ path: `${P.workloads(CLUSTER)}?namespace=default` }),
    expect: signedIn(404),
  },
  {
    route: `GET ${P.namespaces(':id')}`,
    rule: 'verified',
    request: () => ({ path: P.namespaces(CLUSTER) }),
    expect: signedIn(404),
  },
];
