import { describe, expect, it } from 'vitest';
import { SIGN_IN_BACKOFF, signInWaitMs } from './sign-in-backoff';

const now = new Date('2026-11-26T12:00:00Z');
const secondsAgo = (...seconds: number[]) => seconds.map((s) => new Date(now.getTime() - s * 1000));

describe('sign-in back-off', () => {
  it('lets the first failures through, then doubles the wait from the newest failure', () => {
    expect(signInWaitMs({ accountFromAddress: secondsAgo(0, 1), fromAddress: [], now })).toBe(0);
    expect(signInWaitMs({ accountFromAddress: secondsAgo(0, 1, 2), fromAddress: [], now })).toBe(1000);
    expect(signInWaitMs({ accountFromAddress: secondsAgo(0, 1, 2, 3), fromAddress: [], now })).toBe(2000);
    expect(signInWaitMs({ accountFromAddress: secondsAgo(0, 1, 2, 3, 4, 5), fromAddress: [], now })).toBe(
      8000,
    );
    // Waited long enough: free again until the next failure.
    expect(
      signInWaitMs({ accountFromAddress: secondsAgo(9, 10, 11, 12, 13, 14), fromAddress: [], now }),
    ).toBe(0);
  });

  it('never waits longer than the cap, however many failures', () => {
    const many = secondsAgo(...Array.from({ length: 60 }, (_, i) => i));
    expect(signInWaitMs({ accountFromAddress: many, fromAddress: [], now })).toBe(SIGN_IN_BACKOFF.maxWaitMs);
  });

  it('holds an address back once it has perAddress failures in the window, until the oldest leaves it', () => {
    const spray = secondsAgo(...Array.from({ length: SIGN_IN_BACKOFF.perAddress }, (_, i) => i * 10));
    const oldest = (SIGN_IN_BACKOFF.perAddress - 1) * 10_000;
    expect(signInWaitMs({ accountFromAddress: [], fromAddress: spray, now })).toBe(
      SIGN_IN_BACKOFF.windowMs - oldest,
    );
    expect(signInWaitMs({ accountFromAddress: [], fromAddress: spray.slice(1), now })).toBe(0);
  });
});
