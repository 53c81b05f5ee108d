import { z } from 'zod';
import { isoDate } from './fragments';

/**
 * The verified-savings ledger (issue: recommendations, item 4). Every recommendation gets one ledger entry that
 * moves open → dismissed (with a reason) / snoozed (until a day) / accepted (proposed) → approved (an admin, or
 * the remediation policy) → applied (through the cloud port, or marked done) → verified / regressed (judged from
 * the bill after the change). The spec names no call for it: the paths and shapes are designed here.
 */
export const SAVINGS_LEDGER_PATHS = {
  entries: '/c/savings_ledger/entries/',
  entry: (id: string) => `/c/savings_ledger/entries/${id}/`,
  transition: (id: string) => `/c/savings_ledger/entries/${id}/transition/`,
  totals: '/c/savings_ledger/totals/',
  export: '/c/savings_ledger/export/',
  remediation: '/c/savings_ledger/remediation/',
} as const;

export const LEDGER_STATES = [
  'open',
  'dismissed',
  'snoozed',
  'accepted',
  'approved',
  'applied',
  'verified',
  'regressed',
] as const;
export const ledgerStateSchema = z.enum(LEDGER_STATES);
export type LedgerState = z.infer<typeof ledgerStateSchema>;

/** What a user (or the system) asks of an entry. */
export const LEDGER_ACTIONS = [
  'dismiss',
  'snooze',
  'reopen',
  'accept',
  'approve',
  'reject',
  'apply',
  'mark_done',
] as const;
export const ledgerActionSchema = z.enum(LEDGER_ACTIONS);
export type LedgerAction = z.infer<typeof ledgerActionSchema>;

export const DISMISS_REASONS = [
  'not_applicable',
  'false_positive',
  'accepted_risk',
  'planned',
  'other',
] as const;
export const dismissReasonSchema = z.enum(DISMISS_REASONS);
export type DismissReason = z.infer<typeof dismissReasonSchema>;

/** The body of POST …/transition/: the fields an action needs are required for it, others refused. */
export const ledgerTransitionBodySchema = z
  .discriminatedUnion('action', [
    z.object({
      action: z.literal('dismiss'),
      reason: dismissReasonSchema,
      note: z.string().trim().max(1000).optional(),
    }),
    z.object({
      action: z.literal('snooze'),
      until: isoDate.describe('The day the entry opens again (UTC).'),
    }),
    z.object({ action: z.literal('reopen') }),
    z.object({ action: z.literal('accept'), note: z.string().trim().max(1000).optional() }),
    z.object({ action: z.literal('approve'), note: z.string().trim().max(1000).optional() }),
    z.object({ action: z.literal('reject'), note: z.string().trim().max(1000).optional() }),
    z.object({
      action: z.literal('apply'),
      dry_run: z
        .boolean()
        .default(false)
        .describe('true: check the action with the cloud and change nothing; the entry stays approved.'),
    }),
    z.object({ action: z.literal('mark_done'), note: z.string().trim().max(1000).optional() }),
  ])
  .describe(
    'One ledger action. apply and approve need an admin (or the remediation policy); members propose.',
  );
export type LedgerTransitionBody = z.infer<typeof ledgerTransitionBodySchema>;
