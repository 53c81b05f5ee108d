import type { Statement, StatementSummary } from '@finlens/contracts/chargebacks';
import { TEAMS } from '../showbacks/showback-fixtures.test-helper';

/** The showbacks feature's Teams showback (id sb-1). */
export const SHOWBACK = TEAMS;

const line = (
  value: string,
  services: [string, number][],
  shared: number,
  previousMonth: number,
  markupPercent = 0,
) => {
  const direct = services.reduce((sum, [, cost]) => sum + cost, 0);
  const subtotal = direct + shared;
  const markup = (subtotal * markupPercent) / 100;
  return {
    value,
    services: services.map(([service, cost]) => ({ service, cost, previous_cost: null, difference: null })),
    direct,
    shared,
    subtotal,
    markup_percent: markupPercent,
    markup,
    total: subtotal + markup,
    previous_month_subtotal: previousMonth,
    previous_total: null,
    difference: null,
  };
};

/**
 * October 2026 of the Teams showback: web 52.71 (EC2 30 + S3 15 + shared 7.71, +10%), db 70.29 (RDS 60 + shared
 * 10.29), Unallocated 12 of 135; September's subtotals 50 and 61.
 */
export function statement(overrides: Partial<Statement> = {}, webMarkup = 0): Statement {
  const lines = [
    line('db', [['AmazonRDS', 60]], 10.29, 61),
    line(
      'web',
      [
        ['AmazonEC2', 30],
        ['AmazonS3', 15],
      ],
      7.71,
      50,
      webMarkup,
    ),
  ];
  const sum = (key: 'subtotal' | 'markup' | 'total') => lines.reduce((s, l) => s + l[key], 0);
  return {
    id: null,
    showback_id: SHOWBACK.id,
    showback_name: 'Teams',
    month: '2026-10',
    cost_type: 'amortized',
    currency: 'USD',
    status: 'preview',
    version: 0,
    supersedes_id: null,
    superseded_by_id: null,
    created_at: null,
    issued_at: null,
    voided_at: null,
    void_reason: null,
    shared_cost_line: true,
    markups: webMarkup === 0 ? {} : { web: webMarkup },
    lines,
    previous_month_subtotal: 111,
    subtotal: sum('subtotal'),
    markup: sum('markup'),
    total: sum('total'),
    unallocated: 12,
    scope_total: 135,
    difference_cents: 0,
    ...overrides,
  };
}

export function summaryOf(s: Statement): StatementSummary {
  const { lines, markups, shared_cost_line, unallocated, scope_total, difference_cents, ...rest } = s;
  return { ...rest, values_count: lines.length };
}
