import {
  type ServiceLine,
  SHARED_COSTS_SERVICE,
  type Statement,
  type StatementLine,
} from '@finlens/contracts/chargebacks';
import type { Selectable } from 'kysely';
import type { ChargebacksTable } from './chargebacks.tables';

interface ServiceCost {
  service: string;
  cost: number;
}

/** One value's allocated cost and markup, as computed live or read from a frozen statement. */
export interface RawLine {
  value: string;
  direct: number;
  shared: number;
  markup_percent: number;
  /** Direct cost per service (they add up to `direct`); null on lines frozen before they were kept. */
  services: readonly ServiceCost[] | null;
  previous_month_subtotal: number | null;
}

/** What a re-issue is compared with: each value's total (with markup) and cost per service line. */
type PreviousVersion = Map<string, { total: number; services: Map<string, number> | null }>;

const sum = <K extends string>(rows: readonly Record<K, number>[], key: K) =>
  rows.reduce((total, row) => total + row[key], 0);

const byCost = (a: ServiceCost, b: ServiceCost) => b.cost - a.cost || a.service.localeCompare(b.service);

/** A value's service lines: its direct cost per service, plus the shared part when it is folded into them. */
function serviceCosts(raw: RawLine, sharedLine: boolean): ServiceCost[] | null {
  if (raw.services === null) return null;
  const folded = sharedLine || raw.shared === 0 ? [] : [{ service: SHARED_COSTS_SERVICE, cost: raw.shared }];
  return [...raw.services, ...folded].sort(byCost);
}

/** Service lines with, when compared, the replaced version's cost of each (services gone from it at 0 now). */
function serviceLines(costs: ServiceCost[] | null, compared: Map<string, number> | null): ServiceLine[] {
  if (costs === null) return [];
  const gone = [...(compared?.keys() ?? [])]
    .filter((service) => !costs.some((c) => c.service === service))
    .map((service) => ({ service, cost: 0 }));
  return [...costs, ...gone].map(({ service, cost }) => {
    const previousCost = compared === null ? null : (compared.get(service) ?? 0);
    return {
      service,
      cost,
      previous_cost: previousCost,
      difference: previousCost === null ? null : cost - previousCost,
    };
  });
}

/** A line's amounts: subtotal = direct + shared (the showback's total of the value), markup on top. */
export function lineOf(raw: RawLine, sharedLine: boolean, previous: PreviousVersion | null): StatementLine {
  const subtotal = raw.direct + raw.shared;
  const markup = (subtotal * raw.markup_percent) / 100;
  const total = subtotal + markup;
  const before = previous?.get(raw.value);
  const previousTotal = previous === null ? null : (before?.total ?? 0);
  return {
    value: raw.value,
    // A value new in this version compares with nothing (0); one from an older statement without services, not at all.
    services: serviceLines(
      serviceCosts(raw, sharedLine),
      previous === null ? null : before === undefined ? new Map() : before.services,
    ),
    direct: sharedLine ? raw.direct : subtotal,
    shared: sharedLine ? raw.shared : 0,
    subtotal,
    markup_percent: raw.markup_percent,
    markup,
    total,
    previous_month_subtotal: raw.previous_month_subtotal,
    previous_total: previousTotal,
    difference: previousTotal === null ? null : total - previousTotal,
  };
}

/** The lines of the version a re-issue replaces, as it is compared with. */
export function previousOf(lines: readonly RawLine[], sharedLine: boolean): PreviousVersion {
  return new Map(
    lines.map((line) => {
      const costs = serviceCosts(line, sharedLine);
      const services = costs === null ? null : new Map(costs.map((c) => [c.service, c.cost]));
      return [line.value, { total: lineOf(line, true, null).total, services }];
    }),
  );
}

export interface StatementParts {
  row: Omit<Selectable<ChargebacksTable>, 'client_id' | 'created_by'> | null;
  base: Pick<
    Statement,
    'showback_id' | 'showback_name' | 'month' | 'cost_type' | 'currency' | 'markups' | 'shared_cost_line'
  >;
  raw: readonly RawLine[];
  previous: PreviousVersion | null;
  /** Unallocated and the scope total of the month. */
  frozen: { unallocated: number; scope_total: number } | null;
  supersededById: string | null;
  /** Values the caller may see; null: all of them. */
  visible: ReadonlySet<string> | null;
}

const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null);

/** The previous month's subtotals added up: null when a line has none (frozen before they were kept). */
function previousMonth(lines: readonly StatementLine[]): number | null {
  if (lines.some((line) => line.previous_month_subtotal === null)) return null;
  return lines.reduce((total, line) => total + (line.previous_month_subtotal ?? 0), 0);
}

/** The statement answer: lines the caller may see, totals over those, reconciliation for full access only. */
export function statementOf(parts: StatementParts): Statement {
  const { row, base, visible, frozen } = parts;
  const all = parts.raw
    .map((raw) => lineOf(raw, base.shared_cost_line, parts.previous))
    .sort((a, b) => b.total - a.total || a.value.localeCompare(b.value));
  const lines = visible === null ? all : all.filter((line) => visible.has(line.value));
  const full = visible === null && frozen !== null;
  return {
    ...base,
    id: row?.id ?? null,
    status: row?.status ?? 'preview',
    version: row?.version ?? 0,
    supersedes_id: row?.supersedes_id ?? null,
    superseded_by_id: parts.supersededById,
    created_at: iso(row?.created_at),
    issued_at: iso(row?.issued_at),
    voided_at: iso(row?.voided_at),
    void_reason: row?.void_reason ?? null,
    lines,
    previous_month_subtotal: previousMonth(lines),
    subtotal: sum(lines, 'subtotal'),
    markup: sum(lines, 'markup'),
    total: sum(lines, 'total'),
    unallocated: full ? frozen.unallocated : null,
    scope_total: full ? frozen.scope_total : null,
    difference_cents: full
      ? Math.round((sum(all, 'subtotal') + frozen.unallocated - frozen.scope_total) * 100) || 0
      : null,
  };
}
