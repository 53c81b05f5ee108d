import type { WorkloadRuleInput, WorkloadUse } from '@finlens/cost-model/recommendations/container-rules';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { ResourceCostPort } from '../../warehouse/cost-query/resource-costs';
import type { WorkloadResourceUse, WorkloadUsagePort } from '../../warehouse/cost-query/workload-usage';

const NONE = '(none)';

/** At the effective rate the rules price by: net amortized (the node's cost at the rates paid, after discounts). */
const effective = (use: WorkloadResourceUse): WorkloadUse => ({ ...use, splitCost: use.netSplitCost });

/**
 * The container-rightsizing rule's inputs: every Kubernetes workload (with a controller and an account) of the
 * project's split cost data over the last `days` days of data, from the workload-hour rollup.
 */
export async function workloadInputs(
  warehouse: Pick<ResourceCostPort, 'newestUsageDay'> & WorkloadUsagePort,
  at: { clientId: string; projectId: string; days: number },
): Promise<WorkloadRuleInput[]> {
  const scope = { clientId: at.clientId, projectIds: [at.projectId] };
  const newest = await warehouse.newestUsageDay(scope);
  if (newest === null) return [];
  const from = addDays(newest, 1 - at.days);
  const rows = await warehouse.workloadUsage({
    ...scope,
    from,
    to: newest,
    basis: 'net_amortized',
    filters: {},
  });
  return rows.flatMap((r) =>
    r.controller === null || r.accountId === null
      ? []
      : [
          {
            workload: {
              projectId: at.projectId,
              accountId: r.accountId,
              region: r.region ?? '',
              cluster: r.cluster ?? NONE,
              namespace: r.namespace ?? NONE,
              kind: r.kind,
              controller: r.controller,
            },
            window: { start_date: from, end_date: newest, days: at.days },
            cpu: effective(r.cpu),
            memory: effective(r.memory),
          },
        ],
  );
}
