import { LEDGER_ACTIONS, type LedgerState } from '@finlens/contracts/savings-ledger';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableActions,
  type LedgerActor,
  type LedgerEvent,
  snoozeExpired,
  transition,
} from './savings-ledger';

const events: LedgerEvent[] = [...LEDGER_ACTIONS, 'verify', 'regress'];
const actors: LedgerActor[] = ['admin', 'member', 'system'];

describe('transition', () => {
  it('walks the happy path: member proposes, admin approves and applies, the bill verifies', () => {
    let state: LedgerState = 'open';
    for (const [event, actor] of [
      ['accept', 'member'],
      ['approve', 'admin'],
      ['apply', 'admin'],
      ['verify', 'system'],
      ['regress', 'system'],
    ] as const) {
      const result = transition(state, event, actor);
      if (!result.ok) throw new Error(result.message);
      state = result.state;
    }
    expect(state).toBe('regressed');
  });

  it('refuses a member approving or applying, and says an admin must', () => {
    expect(transition('accepted', 'approve', 'member')).toEqual({
      ok: false,
      code: 'forbidden',
      message: 'Only an admin may do this: members propose, admins approve.',
    });
    expect(transition('approved', 'apply', 'member')).toMatchObject({ ok: false, code: 'forbidden' });
    expect(transition('approved', 'mark_done', 'member')).toEqual({ ok: true, state: 'applied' });
  });

  it('refuses applying what was not approved, and users recording verification', () => {
    expect(transition('accepted', 'apply', 'admin')).toEqual({
      ok: false,
      code: 'invalid-transition',
      message: 'An entry that is accepted cannot be applied.',
    });
    expect(transition('open', 'mark_done', 'admin')).toMatchObject({ code: 'invalid-transition' });
    expect(transition('applied', 'verify', 'admin')).toMatchObject({ code: 'forbidden' });
  });

  it('lists the buttons an actor has', () => {
    expect(availableActions('open', 'member')).toEqual(['dismiss', 'snooze', 'accept']);
    expect(availableActions('accepted', 'admin')).toEqual(['dismiss', 'approve', 'reject']);
    expect(availableActions('approved', 'member')).toEqual(['mark_done']);
    expect(availableActions('verified', 'admin')).toEqual([]);
  });

  it('reopens a snooze on its day, not before', () => {
    expect(snoozeExpired('snoozed', '2026-03-10', '2026-03-09')).toBe(false);
    expect(snoozeExpired('snoozed', '2026-03-10', '2026-03-10')).toBe(true);
    expect(snoozeExpired('open', '2026-03-10', '2026-03-11')).toBe(false);
  });

  it('property: no sequence of actions reaches applied without an approval right before it', () => {
    const step = fc.record({ event: fc.constantFrom(...events), actor: fc.constantFrom(...actors) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let state: LedgerState = 'open';
        for (const { event, actor } of steps) {
          const result = transition(state, event, actor);
          if (!result.ok) continue;
          if (result.state === 'applied') expect(state).toBe('approved');
          if (result.state === 'approved') expect(actor).not.toBe('member');
          if (state === 'open' && !['dismissed', 'snoozed', 'accepted', 'open'].includes(result.state)) {
            throw new Error(`open jumped to ${result.state}`);
          }
          state = result.state;
        }
      }),
    );
  });
});
