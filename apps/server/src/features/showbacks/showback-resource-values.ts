import { UNALLOCATED } from '@finlens/cost-model/allocation';
import type { AllocationPort } from '../../warehouse/cost-query/allocation-port';
import type { CostScopes } from '../../warehouse/cost-scope';
import { runAllocationCells } from './showback-allocation';
import { allocationInput, type DayRange } from './showback-context';
import { bucketOf } from './showback-resources';
import type { ShowbacksRepo } from './showbacks.repo';

export interface ResourceShowbackValue {
  showback_id: string;
  showback_name: string;
  value: string;
}

/**
 * The values of a client's active showbacks that one project's resources fall in over a range, by the bill's
 * `line_item_resource_id`: each resource's line items go through the showback's own allocation (tags,
 * combined and hidden values, assign rules), so a resource is in every value some of its cost lands on.
 * Shared-pool lines and Unallocated name no value. A job's view: every value, whoever asks later.
 */
export function createShowbackResourceValues(deps: {
  repo: Pick<ShowbacksRepo, 'list' | 'config'>;
  scopes: CostScopes;
  warehouse: AllocationPort;
}) {
  return {
    async valuesByResource(
      clientId: string,
      projectId: string,
      range: DayRange,
    ): Promise<Map<string, ResourceShowbackValue[]>> {
      const out = new Map<string, ResourceShowbackValue[]>();
      for (const row of await deps.repo.list(clientId)) {
        if (!row.is_active) continue;
        const [config, scope] = await Promise.all([
          deps.repo.config(clientId, row.id),
          deps.scopes.saved({ clientId }, row.project_ids),
        ]);
        if (config === null || !scope.projectIds.includes(projectId)) continue;
        const input = allocationInput(
          { config, visible: null, scope: { ...scope, projectIds: [projectId] } },
          range,
        );
        const seen = new Set<string>();
        for (const cell of await runAllocationCells(deps.warehouse, input, 'line_item_resource_id')) {
          const value = bucketOf(cell, input);
          if (cell.grp === null || cell.grp === '' || value === null || value === UNALLOCATED) continue;
          if (!cell.costs.some((c) => c !== 0) || seen.has(`${cell.grp}\u0000${value}`)) continue;
          seen.add(`${cell.grp}\u0000${value}`);
          const values = out.get(cell.grp) ?? [];
          values.push({ showback_id: row.id, showback_name: row.name, value });
          out.set(cell.grp, values);
        }
      }
      for (const values of out.values())
        values.sort(
          (a, b) => a.showback_name.localeCompare(b.showback_name) || a.value.localeCompare(b.value),
        );
      return out;
    },
  };
}

export type ShowbackResourceValues = ReturnType<typeof createShowbackResourceValues>;
