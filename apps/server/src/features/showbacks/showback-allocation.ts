import type { CostFilter } from '@finlens/contracts/cost-query';
import {
  type AllocationCell,
  type AllocationRule,
  allocateDay,
  type DayAllocation,
  type ValueMapping,
} from '@finlens/cost-model/allocation';
import type { CostType } from '../../warehouse/canonical-schema';
import type { ReadRows } from '../../warehouse/cost-query/run-cost-query';
import type { SqlDialect } from '../../warehouse/cost-query/sql-dialect';
import {
  type AllocationScope,
  type AllocationSpec,
  COST_ALIASES,
  compileAllocationCells,
  compileRuleMatches,
  compileScopeTotals,
} from './showback-allocation-sql';

/** Where showback statements run: the warehouse's dialect and a reader of its rows. */
export interface AllocationEngine {
  dialect: SqlDialect;
  read: ReadRows;
}

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

const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const costsOf = (row: Record<string, unknown>) => COST_ALIASES.map((a) => Number(row[a] ?? 0));

function specOf(input: AllocationInput): AllocationSpec {
  return { ...input, rules: input.rules.map((r) => ({ id: r.id, filters: r.filters })) };
}

/** Runs the allocation of a showback over its scope and range, day by day. */
export async function runAllocation(
  engine: AllocationEngine,
  input: AllocationInput,
): Promise<AllocationResult> {
  const empty = { days: [], scopeTotals: new Map(), moved: new Map() };
  if (input.projectIds.length === 0) return empty;
  const [cellRows, totalRows] = await Promise.all([
    engine.read(compileAllocationCells(engine.dialect, specOf(input))),
    engine.read(compileScopeTotals(engine.dialect, input)),
  ]);
  const byDay = new Map<string, AllocationCell[]>();
  const moved = new Map<string, number[]>();
  for (const row of cellRows) {
    const cell: AllocationCell = {
      day: String(row.day),
      rule: textOrNull(row.rule),
      raw: textOrNull(row.raw),
      costs: costsOf(row),
    };
    byDay.set(cell.day, [...(byDay.get(cell.day) ?? []), cell]);
    if (cell.rule !== null) {
      const sum = moved.get(cell.rule) ?? COST_ALIASES.map(() => 0);
      moved.set(
        cell.rule,
        sum.map((c, i) => c + (cell.costs[i] ?? 0)),
      );
    }
  }
  const days = [...byDay.keys()]
    .sort()
    .map((day) => allocateDay(day, byDay.get(day) ?? [], input.rules, input.mapping, COST_ALIASES.length));
  const scopeTotals = new Map(totalRows.map((row) => [String(row.day), costsOf(row)]));
  return { days, scopeTotals, moved };
}

/** Cells grouped by one more dimension (resources behind a value or rule, unallocated resources). */
export async function runAllocationCells(
  engine: AllocationEngine,
  input: AllocationInput,
  groupBy: NonNullable<AllocationSpec['groupBy']>,
): Promise<(AllocationCell & { grp: string | null })[]> {
  if (input.projectIds.length === 0) return [];
  const rows = await engine.read(compileAllocationCells(engine.dialect, { ...specOf(input), groupBy }));
  return rows.map((row) => ({
    day: String(row.day),
    rule: textOrNull(row.rule),
    raw: textOrNull(row.raw),
    grp: textOrNull(row.grp),
    costs: costsOf(row),
  }));
}

/** The unblended cost each rule's filters match, ignoring the order (what a rule would claim if it were first). */
export async function runRuleMatches(
  engine: AllocationEngine,
  scope: AllocationScope,
  rules: { filters: CostFilter[] }[],
  costType: CostType,
): Promise<number[]> {
  if (scope.projectIds.length === 0 || rules.length === 0) return rules.map(() => 0);
  const [row] = await engine.read(compileRuleMatches(engine.dialect, scope, rules, costType));
  return rules.map((_, i) => Number(row?.[`m_${i}`] ?? 0));
}
