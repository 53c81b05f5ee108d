import { z } from 'zod';
import { COST_TYPE_NAMES } from './cost-summary';
import { spaFlags } from './fragments';

/**
 * Chargebacks (spec §2 Chargeback, Chargebacks Center): a statement turns a showback's allocation of one
 * closed month into an amount per showback value; drafts, issuing, re-issuing and voiding are designed in
 * docs/chargebacks.md.
 */
const BASE = '/c/chargeback/';
const STATEMENT = `${BASE}statements/:id/`;

export const CHARGEBACK_PATHS = {
  preview: `${BASE}preview/`,
  statements: `${BASE}statements/`,
  statement: STATEMENT,
  issue: `${STATEMENT}issue/`,
  reissue: `${STATEMENT}reissue/`,
  void: `${STATEMENT}void/`,
  csv: `${STATEMENT}csv/`,
  pdf: `${STATEMENT}pdf/`,
} as const;

/** A path of CHARGEBACK_PATHS with its :id filled in. */
export const chargebackPath = (pattern: string, id: string) => pattern.replace(':id', encodeURIComponent(id));

export const STATEMENT_STATUSES = ['draft', 'issued', 'void'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month written YYYY-MM.');
const percent = z
  .number()
  .min(-100, 'A discount is at most 100 percent.')
  .max(1000, 'A markup is at most 1000 percent.');

/** What a statement is made of: the showback, the closed month, the cost type, markups and currency. */
export const statementInputSchema = z.object({
  showback_id: z.string().min(1, 'Choose a showback.'),
  month,
  cost_type: z.enum(COST_TYPE_NAMES).default('amortized'),
  /** Markup (positive) or discount (negative) percentage per showback value; absent values have none. */
  markups: z.record(z.string().min(1), percent).default({}),
  /** Whether each value's share of shared costs is its own line (true) or folded into the direct amount. */
  shared_cost_line: z.boolean().default(true),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Enter a three-letter currency code.')
    .default('USD'),
});
export type StatementInput = z.infer<typeof statementInputSchema>;

/** The line of a value's shared-cost share folded into its services (shared_cost_line false). */
export const SHARED_COSTS_SERVICE = 'Shared costs';
/** The service line of cost without a product_servicename. */
export const NO_SERVICE = 'No service';

/** A value's direct cost of one service (product_servicename) in the month. */
const serviceLineSchema = z.object({
  /** The service; 'No service' for rows without one, 'Shared costs' for the folded shared part. */
  service: z.string(),
  cost: z.number(),
  /** The version this one replaces: the service's cost there, and cost − that (null without one). */
  previous_cost: z.number().nullable(),
  difference: z.number().nullable(),
});
export type ServiceLine = z.infer<typeof serviceLineSchema>;

export const statementLineSchema = z.object({
  value: z.string(),
  /**
   * Its direct cost service by service, most expensive first; they add up to `direct`. Empty on statements
   * issued before service lines were kept.
   */
  services: z.array(serviceLineSchema),
  /** Cost the value's tags and assign rules give it. */
  direct: z.number(),
  /** Its share of shared-cost pools (0 with shared_cost_line false: folded into direct). */
  shared: z.number(),
  /** direct + shared: the showback's cost_distribution total of the value for the month. */
  subtotal: z.number(),
  markup_percent: z.number(),
  markup: z.number(),
  total: z.number(),
  /** The value's subtotal of the calendar month before (same showback, same rules); null on older statements. */
  previous_month_subtotal: z.number().nullable(),
  /** The version this one replaces: the value's total there, and total − that (null without one). */
  previous_total: z.number().nullable(),
  difference: z.number().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

const summaryShape = {
  /** Null for a preview. */
  id: z.string().nullable(),
  showback_id: z.string().nullable(),
  showback_name: z.string(),
  month: z.string(),
  cost_type: z.enum(COST_TYPE_NAMES),
  currency: z.string(),
  status: z.enum(['preview', ...STATEMENT_STATUSES]),
  version: z.number().int(),
  supersedes_id: z.string().nullable(),
  superseded_by_id: z.string().nullable(),
  created_at: z.string().nullable(),
  issued_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
  /** Sum of the visible lines' subtotals, markups and totals. */
  subtotal: z.number(),
  markup: z.number(),
  total: z.number(),
};

export const statementSummarySchema = z.object({ ...summaryShape, values_count: z.number().int() });
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementSchema = z.object({
  ...summaryShape,
  shared_cost_line: z.boolean(),
  markups: z.record(z.string(), z.number()),
  lines: z.array(statementLineSchema),
  /** The visible lines' previous_month_subtotal added up; null on older statements. */
  previous_month_subtotal: z.number().nullable(),
  /** Cost no value takes (not charged); null for a limited member. */
  unallocated: z.number().nullable(),
  /** The showback scope's total for the month; null for a limited member. */
  scope_total: z.number().nullable(),
  /** subtotal + unallocated − scope_total in whole cents (0: reconciles); null for a limited member. */
  difference_cents: z.number().int().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementsQuerySchema = z.object({
  month: month.optional(),
  showback_id: z.string().min(1).optional(),
  status: z.enum(STATEMENT_STATUSES).optional(),
  imply_client: spaFlags.imply_client,
});
export type StatementsQuery = z.infer<typeof statementsQuerySchema>;

export const statementsSchema = z.object({ statements: z.array(statementSummarySchema) });

export const statementQuerySchema = z.object({ imply_client: spaFlags.imply_client });

export const voidBodySchema = z.object({
  reason: z.string().trim().min(1, 'Say why the statement is void.').max(500, 'At most 500 characters.'),
});
