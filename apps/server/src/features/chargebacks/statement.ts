import type { Statement, StatementLine } from '@finlens/contracts/chargebacks';
import type { ChargebackRow } from './chargebacks.repo';

/** One value's allocated cost and markup, as computed live or read from a frozen statement. */
export interface RawLine {
  value: string;
  direct: number;
  shared: number;
  markup_percent: number;
}

const sum = (lines: readonly StatementLine[], key: 'subtotal' | 'markup' | 'total') =>
  lines.reduce((total, line) => total + line[key], 0);

/** A line's amounts: subtotal = direct + shared (the showback's total of the value), markup on top. */
export function lineOf(
  raw: RawLine,
  sharedLine: boolean,
  previous: Map<string, number> | null,
): StatementLine {
  const subtotal = raw.direct + raw.shared;
  const markup = (subtotal * raw.markup_percent) / 100;
  const total = subtotal + markup;
  const previousTotal = previous === null ? null : (previous.get(raw.value) ?? 0);
  return {
    value: raw.value,
    direct: sharedLine ? raw.direct : subtotal,
    shared: sharedLine ? raw.shared : 0,
    subtotal,
    markup_percent: raw.markup_percent,
    markup,
    total,
    previous_total: previousTotal,
    difference: previousTotal === null ? null : total - previousTotal,
  };
}

/** Each value's total (with markup) of a set of raw lines: what a re-issue is compared with. */
export function totalsOf(lines: readonly RawLine[]): Map<string, number> {
  return new Map(lines.map((line) => [line.value, lineOf(line, true, null).total]));
}

export interface StatementParts {
  row: Omit<ChargebackRow, 'client_id' | 'created_by'> | null;
  base: Pick<
    Statement,
    'showback_id' | 'showback_name' | 'month' | 'cost_type' | 'currency' | 'markups' | 'shared_cost_line'
  >;
  raw: readonly RawLine[];
  previous: Map<string, number> | null;
  /** Unallocated and the scope total of the month. */
  frozen: { unallocated: number; scope_total: number } | null;
  supersededById: string | null;
  /** Values the caller may see; null: all of them. */
  visible: ReadonlySet<string> | null;
}

const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null);

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
