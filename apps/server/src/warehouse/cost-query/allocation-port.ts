import type { CostFilter } from '@finlens/contracts/cost-query';
import { COST_TYPES, type CostType } from '../canonical-schema';
import {
  type AllocationScope,
  type AllocationSpec,
  COST_ALIASES,
  compileAllocationCells,
  compilePodCells,
  compileRuleMatches,
  compileScopeTotals,
} from './allocation-sql';
import type { ReadRows } from './run-cost-query';
import type { SqlDialect } from './sql-dialect';

/** The cost of one day for one (first-matching rule, raw value[, group]) triple, one sum per cost type. */
export interface AllocationCellRow {
  day: string;
  rule: string | null;
  raw: string | null;
  /** The `groupBy` dimension's value; null without one. */
  grp: string | null;
  costs: number[];
}

/** The showback part of the CostStore port (features/showbacks runs the arithmetic on these cells). */
export interface AllocationPort {
  /**
   * The scope's non-split cost in cells. A `label` showback reads EKS pods in place of their nodes: a node's
   * cost of a day goes to the pods that ran on it that day, in proportion to their split plus unused cost,
   * with each pod's rule and label — so nothing is counted twice and the total stays the scope's.
   */
  allocationCells(spec: AllocationSpec): Promise<AllocationCellRow[]>;
  /** The scope's total per day, one sum per cost type, read independently (reconciliation). */
  allocationScopeTotals(scope: AllocationScope): Promise<{ day: string; costs: number[] }[]>;
  /**
   * The cost each rule's filters match, whatever the order: on the non-split rows, or for a `label` showback
   * on the same cells as `allocationCells` (pods in place of their nodes).
   */
  ruleMatches(
    scope: AllocationScope & Partial<Pick<AllocationSpec, 'tagType'>>,
    rules: { filters: CostFilter[] }[],
    costType: CostType,
  ): Promise<number[]>;
}

const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const costsOf = (row: Record<string, unknown>) => COST_ALIASES.map((a) => Number(row[a] ?? 0));

interface PodCell {
  day: string;
  parent: string;
  rule: string | null;
  raw: string | null;
  grp: string | null;
  weight: number;
}

const nodeDay = (day: string, node: string) => `${day}\u0000${node}`;

const AMORTIZED = COST_TYPES.indexOf('amortized');

/**
 * The part of a node's cost of a day its pods split: their weights (split plus unused cost, which AWS bases on
 * the amortized cost) over the node's amortized cost, at most all of it — all of it when they fall short by
 * less than a cent, or when the node has no positive amortized cost.
 */
export function splitPart(weights: number, nodeAmortized: number): number {
  if (nodeAmortized <= 0 || weights >= nodeAmortized - 0.01) return 1;
  return Math.max(0, weights) / nodeAmortized;
}

/**
 * Replaces the cells of a node on a day its pods ran: the part the pods split (`splitPart`) of every cost type
 * of the node's cells goes to the pods by their weights (evenly when they are all zero); the rest stays on the
 * node's own cells. The parts add up to the node's cost, so the cells' total is unchanged.
 */
function splitNodeCells(
  cells: (AllocationCellRow & { node: string | null })[],
  pods: PodCell[],
): AllocationCellRow[] {
  const podsOf = new Map<string, PodCell[]>();
  for (const pod of pods) {
    const key = nodeDay(pod.day, pod.parent);
    podsOf.set(key, [...(podsOf.get(key) ?? []), pod]);
  }
  const out: AllocationCellRow[] = [];
  const nodeCells = new Map<string, AllocationCellRow[]>();
  for (const { node, ...cell } of cells) {
    const key = node === null ? null : nodeDay(cell.day, node);
    if (key === null || !podsOf.has(key)) out.push(cell);
    else nodeCells.set(key, [...(nodeCells.get(key) ?? []), cell]);
  }
  for (const [key, own] of nodeCells) {
    const onNode = podsOf.get(key) ?? [];
    const costs = COST_TYPES.map((_, t) => own.reduce((sum, c) => sum + (c.costs[t] ?? 0), 0));
    const total = onNode.reduce((sum, p) => sum + Math.max(0, p.weight), 0);
    const part = splitPart(total, costs[AMORTIZED] ?? 0);
    if (part < 1) for (const cell of own) out.push({ ...cell, costs: cell.costs.map((c) => c * (1 - part)) });
    for (const pod of onNode) {
      const share = part * (total > 0 ? Math.max(0, pod.weight) / total : 1 / onNode.length);
      const { day, rule, raw, grp } = pod;
      out.push({ day, rule, raw, grp, costs: costs.map((c) => c * share) });
    }
  }
  return out;
}

/** The allocation statements on an engine: compile with its dialect, run with its reader (the read path). */
export function allocationQueries(dialect: SqlDialect, read: ReadRows): AllocationPort {
  const cellOf = (row: Record<string, unknown>) => ({
    day: String(row.day),
    rule: textOrNull(row.rule),
    raw: textOrNull(row.raw),
    grp: textOrNull(row.grp),
  });
  const allocationCells: AllocationPort['allocationCells'] = async (spec) => {
    if (spec.projectIds.length === 0) return [];
    const pods =
      spec.tagType === 'label'
        ? (await read(compilePodCells(dialect, spec))).map((row) => ({
            ...cellOf(row),
            parent: String(row.parent),
            weight: Number(row.weight ?? 0),
          }))
        : [];
    const nodes = [...new Set(pods.map((p) => p.parent))].sort();
    const rows = await read(compileAllocationCells(dialect, spec, nodes));
    const cells = rows.map((row) => ({ ...cellOf(row), node: textOrNull(row.node), costs: costsOf(row) }));
    return splitNodeCells(cells, pods);
  };
  /** What one rule alone claims of a label showback's cells. */
  const labelMatch = async (scope: AllocationScope, filters: CostFilter[], costType: CostType) => {
    if (filters.length === 0) return 0;
    const rules = [{ id: 'match', filters }];
    const cells = await allocationCells({ ...scope, tagType: 'label', tagKeys: [], rules });
    const t = COST_TYPES.indexOf(costType);
    return cells.reduce((sum, c) => (c.rule === null ? sum : sum + (c.costs[t] ?? 0)), 0);
  };
  return {
    allocationCells,
    allocationScopeTotals: async (scope) => {
      if (scope.projectIds.length === 0) return [];
      const rows = await read(compileScopeTotals(dialect, scope));
      return rows.map((row) => ({ day: String(row.day), costs: costsOf(row) }));
    },
    ruleMatches: async (scope, rules, costType) => {
      if (scope.projectIds.length === 0 || rules.length === 0) return rules.map(() => 0);
      if (scope.tagType === 'label')
        return Promise.all(rules.map((r) => labelMatch(scope, r.filters, costType)));
      const [row] = await read(compileRuleMatches(dialect, scope, rules, costType));
      return rules.map((_, i) => Number(row?.[`m_${i}`] ?? 0));
    },
  };
}
