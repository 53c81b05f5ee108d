import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { createCostTargetsRepo } from './cost-targets.repo';

/** A monthly top-down target of 100 over all of a client's spend, from January 2026; its id. */
export function insertMonthlyTarget(db: Kysely<AppTables>, clientId: string, name = 'All'): Promise<string> {
  return createCostTargetsRepo({ db }).insertTarget({
    client_id: clientId,
    name,
    scope: { filters: [] },
    cost_type: 'unblended',
    period: 'MONTHLY',
    start_date: '2026-01-01',
    end_date: null,
    budget_type: 'top_down',
    amount: 100,
    created_by: null,
  });
}

/** insertMonthlyTarget with an immediate alert at 80% of actual. */
export async function insertTargetWithAlert(db: Kysely<AppTables>, clientId: string, name = 'All') {
  const repo = createCostTargetsRepo({ db });
  const targetId = await insertMonthlyTarget(db, clientId, name);
  const alertId = await repo.insertAlert({
    cost_target_id: targetId,
    basis: 'actual',
    threshold_type: 'percent',
    threshold: 80,
    frequency: 'immediately',
    recipients: { user_ids: [], emails: [], channel_ids: [] },
  });
  return { targetId, alertId };
}
