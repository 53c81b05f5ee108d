import { RECOMMENDATIONS_PATHS as P } from '@finlens/contracts/recommendations';
import type { AccessRow } from '../access-rows';
import { adminOnly, signedIn } from './persona-expectations';

// Recommendations read the caller's client; client A's project is out of reach for another client's admin
// (404). The personas have no collected resources, so a recommendation id or a resource is 404 for everyone.
const scoped =
  (path: string): AccessRow['request'] =>
  (ids) => ({ path: `${path}?project_ids=${ids.projectId}` });
const read = (path: string, route = path): AccessRow => ({
  route: `GET ${route}`,
  rule: 'verified',
  request: scoped(path),
  expect: { ...signedIn(200), otherAdmin: 404 },
});

export const recommendationsAccessRows: AccessRow[] = [
  read(P.list),
  read(P.export),
  read(P.summary),
  read(P.unused),
  read(P.underutilized),
  read(P.essentialsSummary),
  read(P.essentialsGroup('storage'), '/c/essentials/:group/'),
  read(P.rules),
  read(P.ruleChanges),
  read(P.ruleDashboard('ec2-idle'), P.ruleDashboard(':key')),
  {
    route: 'GET /c/recommendations/:id/',
    rule: 'verified',
    request: () => ({ path: P.detail('0123456789abcdef01234567') }),
    expect: signedIn(404),
  },
  {
    route: `GET ${P.why}`,
    rule: 'verified',
    request: (ids) => ({ path: `${P.why}?project_id=${ids.projectId}&resource_id=i-0123456789abcdef0` }),
    expect: signedIn(404),
  },
  {
    route: `GET ${P.rule(':key')}`,
    rule: 'verified',
    request: () => ({ path: P.rule('ec2-idle') }),
    expect: signedIn(200),
  },
  {
    route: `PATCH ${P.rule(':key')}`,
    rule: 'admin',
    request: () => ({ path: P.rule('ec2-idle'), body: { thresholds: { cpu_max_percent: 4 } } }),
    expect: adminOnly(200),
  },
  {
    route: `POST ${P.evaluate}`,
    rule: 'verified',
    request: (ids) => ({ path: P.evaluate, body: { project_ids: [ids.projectId] } }),
    expect: { ...signedIn(202), otherAdmin: 404 },
  },
];
