/**
 * Showback allocation arithmetic (spec §3 Showback, issue 6), no I/O. The warehouse hands over cells — cost per
 * day, per first-matching rule and per raw tag value, one amount per cost type — and these functions turn
 * them into direct cost per showback value, split shared cost, and 'Unallocated', so that for every day and
 * cost type direct + shared + unallocated equals the day's total to the cent.
 */

/** What nothing claims: no rule matched and no (visible) tag value. */
export const UNALLOCATED = 'Unallocated';

export type SplitMethod = 'even' | 'fixed' | 'proportional';

/** An allocation rule as the arithmetic needs it (filters were applied in the warehouse). */
export type AllocationRule =
  | { id: string; kind: 'assign'; target: string }
  | {
      id: string;
      kind: 'share';
      method: SplitMethod;
      /** The values to split across (fixed: with percents summing to 100); empty: every value with direct cost that day. */
      splits: { value: string; percent: number | null }[];
    };

/** Cost of one day for one (first-matching rule, raw tag value) pair; `costs` has one entry per cost type. */
export interface AllocationCell {
  day: string;
  rule: string | null;
  raw: string | null;
  costs: number[];
}

/** How raw tag values become showback values: combined values map several raws to one name; hidden ones drop out. */
export interface ValueMapping {
  combined: ReadonlyMap<string, string>;
  hidden: ReadonlySet<string>;
}

export interface DayAllocation {
  day: string;
  /** Value → cost per cost type claimed by tags and assign rules. */
  direct: Map<string, number[]>;
  /** Value → its part of the shared-cost rules' pools. */
  shared: Map<string, number[]>;
  unallocated: number[];
  /** Every cell of the day, summed. */
  total: number[];
}

/** The showback value a raw tag value counts for, null when it is absent or hidden. */
export function valueOfRaw(raw: string | null, mapping: ValueMapping): string | null {
  if (raw === null || raw === '') return null;
  const value = mapping.combined.get(raw) ?? raw;
  return mapping.hidden.has(raw) || mapping.hidden.has(value) ? null : value;
}

/**
 * Splits `amount` by `weights` so the parts add up to it exactly: whole cents by the largest-remainder
 * method, and the sub-cent rest on the heaviest part. Non-positive total weight splits evenly.
 */
export function splitAmount(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((sum, w) => sum + Math.max(0, w), 0);
  const shares =
    total > 0 ? weights.map((w) => Math.max(0, w) / total) : weights.map(() => 1 / weights.length);
  const cents = Math.round(amount * 100);
  const exact = shares.map((s) => cents * s);
  const parts = exact.map((e) => Math.floor(e + 1e-9));
  let rest = cents - parts.reduce((sum, p) => sum + p, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, remainder: e - (parts[i] ?? 0) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (rest <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    rest -= 1;
  }
  const result = parts.map((p) => p / 100);
  const heaviest = shares.indexOf(Math.max(...shares));
  result[heaviest] = (result[heaviest] ?? 0) + (amount - cents / 100);
  return result;
}

/** Rules in a new order: `movedId` placed just before `targetId` (at the end when it is null). */
export function moveBefore<T extends { id: string }>(
  ordered: readonly T[],
  movedId: string,
  targetId: string | null,
): T[] {
  const moved = ordered.find((r) => r.id === movedId);
  if (moved === undefined) throw new Error(`no rule ${movedId}`);
  const rest = ordered.filter((r) => r.id !== movedId);
  if (targetId === null) return [...rest, moved];
  const at = rest.findIndex((r) => r.id === targetId);
  if (at < 0) throw new Error(`no rule ${targetId}`);
  return [...rest.slice(0, at), moved, ...rest.slice(at)];
}

const zeros = (width: number) => Array.from({ length: width }, () => 0);

function addInto(map: Map<string, number[]>, key: string, costs: readonly number[]): void {
  const into = map.get(key) ?? zeros(costs.length);
  costs.forEach((c, i) => {
    into[i] = (into[i] ?? 0) + c;
  });
  map.set(key, into);
}

/** The weights one share rule splits a cost type's pool by, over `values`. */
function splitWeights(
  rule: Extract<AllocationRule, { kind: 'share' }>,
  values: string[],
  direct: Map<string, number[]>,
  type: number,
): number[] {
  switch (rule.method) {
    case 'even':
      return values.map(() => 1);
    case 'fixed':
      return values.map((v) => rule.splits.find((s) => s.value === v)?.percent ?? 0);
    case 'proportional':
      return values.map((v) => Math.abs(direct.get(v)?.[type] ?? 0));
  }
}

/**
 * Allocates one day's cells. A cell's first-matching rule decides (assign: to its target; share: into the
 * rule's pool); without a rule the tag value decides; the rest is 'Unallocated'. Each pool is split per cost
 * type across the rule's values (or every value with direct cost that day); a pool with nobody to take it stays
 * unallocated.
 */
export function allocateDay(
  day: string,
  cells: readonly AllocationCell[],
  rules: readonly AllocationRule[],
  mapping: ValueMapping,
  width: number,
): DayAllocation {
  const byId = new Map(rules.map((r) => [r.id, r]));
  const direct = new Map<string, number[]>();
  const pools = new Map<string, number[]>();
  const result: DayAllocation = {
    day,
    direct,
    shared: new Map(),
    unallocated: zeros(width),
    total: zeros(width),
  };
  const addUnallocated = (costs: readonly number[]) =>
    costs.forEach((c, i) => {
      result.unallocated[i] = (result.unallocated[i] ?? 0) + c;
    });
  for (const cell of cells) {
    cell.costs.forEach((c, i) => {
      result.total[i] = (result.total[i] ?? 0) + c;
    });
    const rule = cell.rule === null ? undefined : byId.get(cell.rule);
    if (rule?.kind === 'assign') addInto(direct, rule.target, cell.costs);
    else if (rule?.kind === 'share') addInto(pools, rule.id, cell.costs);
    else {
      const value = valueOfRaw(cell.raw, mapping);
      if (value === null) addUnallocated(cell.costs);
      else addInto(direct, value, cell.costs);
    }
  }
  for (const [ruleId, pool] of pools) {
    const rule = byId.get(ruleId) as Extract<AllocationRule, { kind: 'share' }>;
    const values = rule.splits.length > 0 ? rule.splits.map((s) => s.value) : [...direct.keys()].sort();
    if (values.length === 0) {
      addUnallocated(pool);
      continue;
    }
    pool.forEach((amount, type) => {
      const parts = splitAmount(amount, splitWeights(rule, values, direct, type));
      values.forEach((value, i) => {
        const into = result.shared.get(value) ?? zeros(width);
        into[type] = (into[type] ?? 0) + (parts[i] ?? 0);
        result.shared.set(value, into);
      });
    });
  }
  return result;
}

/** Per cost type: direct + shared + unallocated − total, in whole cents (0 when the day reconciles). */
export function reconciliationGapCents(day: DayAllocation): number[] {
  return day.total.map((total, i) => {
    let sum = day.unallocated[i] ?? 0;
    for (const costs of day.direct.values()) sum += costs[i] ?? 0;
    for (const costs of day.shared.values()) sum += costs[i] ?? 0;
    // `|| 0`: no negative zero in the answer.
    return Math.round((sum - total) * 100) || 0;
  });
}

/** Fixed percentages must name distinct values and add up to 100 (to 1e-6); returns the problem or null. */
export function fixedSplitProblem(
  splits: readonly { value: string; percent: number | null }[],
): string | null {
  if (splits.length === 0) return 'Fixed splits need at least one value.';
  if (new Set(splits.map((s) => s.value)).size !== splits.length) return 'Each value may appear once.';
  if (splits.some((s) => s.percent === null || s.percent < 0))
    return 'Give every value a percent of 0 or more.';
  const sum = splits.reduce((total, s) => total + (s.percent ?? 0), 0);
  return Math.abs(sum - 100) > 1e-6 ? `The percents add up to ${sum}, not 100.` : null;
}
