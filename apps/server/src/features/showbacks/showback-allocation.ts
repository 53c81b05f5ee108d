import type { CostFilter } from '@finlens/contracts/cost-query';
import {
  type AllocationCell,
  type AllocationRule,
  allocateDay,
  type DayAllocation,
  type ValueMapping,
} from '@finlens/cost-model/allocation';
import { createResultCache } from '../../platform/cache/result-cache';
import { COST_TYPES } from '../../warehouse/canonical-schema';
import type { AllocationCellRow, AllocationPort } from '../../warehouse/cost-query/allocation-port';
import type { AllocationScope, AllocationSpec } from '../../warehouse/cost-query/allocation-sql';

/** A rule with what the warehouse needs (filters) and what the arithmetic needs. */
export type EngineRule = AllocationRule & { filters: CostFilter[] };

export interface AllocationInput extends AllocationScope {
  tagType: AllocationSpec['tagType'];
  tagKeys: string[];
  rules: EngineRule[];
  mapping: ValueMapping;
}

export interface AllocationResult {
  days: DayAllocation[];
  /** The scope's own total per day (an independent statement), for the reconciliation check. */
  scopeTotals: Map<string, number[]>;
  /** Cost per rule actually moved (first match), per cost type, over the range. */
  moved: Map<string, number[]>;
}

function specOf(input: AllocationInput): AllocationSpec {
  return { ...input, rules: input.rules.map((r) => ({ id: r.id, filters: r.filters })) };
}

/** Runs the allocation of a showback over its scope and range, day by day, on the warehouse's read path. */
export async function runAllocation(
  warehouse: AllocationPort,
  input: AllocationInput,
): Promise<AllocationResult> {
  const [cells, totals] = await Promise.all([
    warehouse.allocationCells(specOf(input)),
    warehouse.allocationScopeTotals(input),
  ]);
  const byDay = new Map<string, AllocationCell[]>();
  const moved = new Map<string, number[]>();
  for (const cell of cells) {
    byDay.set(cell.day, [...(byDay.get(cell.day) ?? []), cell]);
    if (cell.rule !== null) {
      const sum = moved.get(cell.rule) ?? COST_TYPES.map(() => 0);
      moved.set(
        cell.rule,
        sum.map((c, i) => c + (cell.costs[i] ?? 0)),
      );
    }
  }
  const days = [...byDay.keys()]
    .sort()
    .map((day) => allocateDay(day, byDay.get(day) ?? [], input.rules, input.mapping, COST_TYPES.length));
  const scopeTotals = new Map(totals.map((row) => [row.day, row.costs]));
  return { days, scopeTotals, moved };
}

/** Allocations kept per server process (least recently used dropped first). */
const KEPT_ALLOCATIONS = 200;

/**
 * The allocation version of an input: its rules in order (kind, target, splits, filters), its value mapping
 * (combined and hidden values), tag type and keys, projects and range. Any allocation change — a rule added,
 * edited, reordered or removed, a value combined or hidden — is a new version.
 */
export function allocationVersion(input: AllocationInput): string {
  const combined = [...input.mapping.combined].sort(([a], [b]) => a.localeCompare(b));
  const hidden = [...input.mapping.hidden].sort();
  return JSON.stringify({ ...input, mapping: { combined, hidden } });
}

/**
 * runAllocation through a result cache: the key is the scope's data version (any import or restatement) and the
 * allocation version (any allocation change), so a kept allocation is never stale. A scope without a data version
 * (a project whose last change is unknown) is always run.
 */
export function createAllocationRunner(warehouse: AllocationPort) {
  const kept = createResultCache<AllocationResult>({ maxEntries: KEPT_ALLOCATIONS });
  return (input: AllocationInput, dataVersion: string | undefined): Promise<AllocationResult> =>
    dataVersion === undefined
      ? runAllocation(warehouse, input)
      : kept.get(JSON.stringify([dataVersion, allocationVersion(input)]), () =>
          runAllocation(warehouse, input),
        );
}

export type AllocationRunner = ReturnType<typeof createAllocationRunner>;

/** Cells grouped by one more dimension (resources behind a value or rule, unallocated resources). */
export function runAllocationCells(
  warehouse: AllocationPort,
  input: AllocationInput,
  groupBy: NonNullable<AllocationSpec['groupBy']>,
): Promise<AllocationCellRow[]> {
  return warehouse.allocationCells({ ...specOf(input), groupBy });
}
