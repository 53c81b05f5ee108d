import { COST_TARGET_PATHS as P } from '@finlens/contracts/cost-targets';
import type { AccessRow } from '../access-rows';
import { adminOnly, signedIn } from './persona-expectations';

// No persona owns a target when the matrix runs: calls on an id answer 404 to every signed-in persona
// (another client's target is answered the same way, see tests/api/cost-targets.test.ts).
const NO_TARGET = '00000000-0000-4000-8000-0000000000aa';
const withId = (path: string) => path.replace(':id', NO_TARGET);

// Members read targets, plans and alerts; every change is the admins' (ADR 0009): members get 403 before the
// target is looked up.
const row = (method: string, path: string, status: number, body?: unknown): AccessRow => ({
  route: `${method} ${path}`,
  rule: method === 'GET' ? 'verified' : 'admin',
  request: () => ({
    path: method === 'GET' ? `${withId(path)}?imply_client=true&cost_target=${NO_TARGET}` : withId(path),
    ...(body === undefined ? {} : { body }),
  }),
  expect: method === 'GET' ? signedIn(status) : adminOnly(status),
});

export const costTargetsAccessRows: AccessRow[] = [
  row('GET', P.targets, 200),
  row('POST', P.targets, 201, { name: 'Matrix target', start_date: '2026-01-01', amount: 100 }),
  row('GET', P.target, 404),
  row('PATCH', P.target, 404, { name: 'Renamed' }),
  row('DELETE', P.target, 404),
  row('POST', P.createPlannings, 404, { method: 'lookback', lookback_months: 3 }),
  row('POST', P.uploadCsv, 404, { csv: 'month,amount\n2026-01,1\n' }),
  row('GET', P.downloadCsv, 404),
  row('GET', P.burnDown, 404),
  row('GET', P.plannings, 404),
  row('POST', P.plannings, 404, { cost_target: NO_TARGET, month: '2026-01', amount: 1 }),
  row('PATCH', P.planning, 404, { amount: 1 }),
  row('GET', P.history, 404),
  row('GET', P.alerts, 404),
  row('POST', P.alerts, 404, { cost_target: NO_TARGET, threshold: 80 }),
  row('PATCH', P.alert, 404, { threshold: 90 }),
  row('DELETE', P.alert, 404),
  row('POST', P.syncAlertFrequencies, 404, { cost_target_id: NO_TARGET, frequency: 'daily' }),
];
