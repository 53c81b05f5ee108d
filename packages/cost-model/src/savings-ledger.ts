import type { LedgerAction, LedgerState } from '@finlens/contracts/savings-ledger';

/**
 * The savings ledger's state machine, pure. A recommendation's entry moves open → dismissed / snoozed /
 * accepted (proposed by anyone) → approved (an admin, or the system under a remediation policy) → applied
 * (through the cloud or marked done) → verified / regressed (the bill after the change decides, never a user).
 * Nothing reaches applied without passing approved, so nothing changes in a cloud without a visible approval.
 */

/** Who acts: a user by role, or the system (snooze expiry, verification, a remediation policy). */
export type LedgerActor = 'admin' | 'member' | 'system';

/** User actions plus the outcomes only the bill's verification may record. */
export type LedgerEvent = LedgerAction | 'verify' | 'regress';

export type TransitionResult =
  | { ok: true; state: LedgerState }
  | { ok: false; code: 'forbidden' | 'invalid-transition'; message: string };

interface Rule {
  from: readonly LedgerState[];
  to: LedgerState;
  actors: readonly LedgerActor[];
}

const JUDGED: readonly LedgerState[] = ['applied', 'verified', 'regressed'];

export const LEDGER_RULES: Record<LedgerEvent, Rule> = {
  dismiss: { from: ['open', 'snoozed', 'accepted'], to: 'dismissed', actors: ['admin', 'member'] },
  snooze: { from: ['open'], to: 'snoozed', actors: ['admin', 'member'] },
  reopen: { from: ['dismissed', 'snoozed'], to: 'open', actors: ['admin', 'member', 'system'] },
  accept: { from: ['open', 'snoozed'], to: 'accepted', actors: ['admin', 'member', 'system'] },
  approve: { from: ['accepted'], to: 'approved', actors: ['admin', 'system'] },
  reject: { from: ['accepted', 'approved'], to: 'open', actors: ['admin'] },
  apply: { from: ['approved'], to: 'applied', actors: ['admin', 'system'] },
  mark_done: { from: ['approved'], to: 'applied', actors: ['admin', 'member'] },
  verify: { from: JUDGED, to: 'verified', actors: ['system'] },
  regress: { from: JUDGED, to: 'regressed', actors: ['system'] },
};

const ACTION_WORDS: Record<LedgerEvent, string> = {
  dismiss: 'dismissed',
  snooze: 'snoozed',
  reopen: 'reopened',
  accept: 'accepted',
  approve: 'approved',
  reject: 'rejected',
  apply: 'applied',
  mark_done: 'marked done',
  verify: 'verified',
  regress: 'marked regressed',
};

/** The next state of an entry, or why the actor may not take the action from this state. */
export function transition(state: LedgerState, event: LedgerEvent, actor: LedgerActor): TransitionResult {
  const rule = LEDGER_RULES[event];
  if (!rule.from.includes(state)) {
    return {
      ok: false,
      code: 'invalid-transition',
      message: `An entry that is ${state} cannot be ${ACTION_WORDS[event]}.`,
    };
  }
  if (!rule.actors.includes(actor)) {
    const who = event === 'verify' || event === 'regress' ? 'the bill' : 'an admin';
    return {
      ok: false,
      code: 'forbidden',
      message: `Only ${who} may do this: members propose, admins approve.`,
    };
  }
  return { ok: true, state: rule.to };
}

/** The actions an actor may take now (the buttons a screen shows). */
export function availableActions(state: LedgerState, actor: LedgerActor): LedgerAction[] {
  return (Object.keys(LEDGER_RULES) as LedgerEvent[]).filter(
    (event): event is LedgerAction =>
      event !== 'verify' && event !== 'regress' && transition(state, event, actor).ok,
  );
}

/** A snoozed entry opens again on its day (the system's reopen). */
export function snoozeExpired(state: LedgerState, snoozedUntil: string | null, today: string): boolean {
  return state === 'snoozed' && snoozedUntil !== null && snoozedUntil <= today;
}
