/**
 * Sign-in throttling (ADR 0002): failures slow the attacker, not the victim. Failures count per account *and*
 * source address, so someone guessing a colleague's password from their own address never locks the colleague
 * out elsewhere: after `freeFailures` the pair waits 1 s, then 2 s, 4 s … (at most `maxWaitMs`) from its
 * newest failure. One address spraying many accounts is held back by `perAddress` failures in `windowMs`.
 */
export const SIGN_IN_BACKOFF = {
  windowMs: 15 * 60 * 1000,
  freeFailures: 3,
  firstWaitMs: 1000,
  maxWaitMs: 15 * 60 * 1000,
  perAddress: 20,
} as const;

/**
 * How long (ms, 0: not at all) a sign-in must wait, from the failure times of this account from this address and
 * of this address for any account, each newest first and within the window.
 */
export function signInWaitMs({
  accountFromAddress,
  fromAddress,
  now,
}: {
  accountFromAddress: readonly Date[];
  fromAddress: readonly Date[];
  now: Date;
}): number {
  const { freeFailures, firstWaitMs, maxWaitMs, perAddress, windowMs } = SIGN_IN_BACKOFF;
  let waitUntil = 0;
  const newest = accountFromAddress[0];
  if (newest !== undefined && accountFromAddress.length >= freeFailures) {
    const wait = Math.min(firstWaitMs * 2 ** (accountFromAddress.length - freeFailures), maxWaitMs);
    waitUntil = newest.getTime() + wait;
  }
  // The address may try again once its perAddress-th newest failure leaves the window.
  const limiting = fromAddress[perAddress - 1];
  if (limiting !== undefined) waitUntil = Math.max(waitUntil, limiting.getTime() + windowMs);
  return Math.max(0, waitUntil - now.getTime());
}
