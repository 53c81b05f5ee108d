// Its own module (not demo-bill.ts) so that the CLI checks `finlens demo`'s options without loading the import pipeline.

/** A CUR arrives hours after the usage it bills. */
const DELIVERY_LAG_MS = 6 * 3_600_000;

/**
 * Where the demo's usage stops: the last UTC midnight at least the delivery lag ago (the demo bills whole days),
 * so its data never lies in the future and is regenerated once a day, not on every run.
 */
export function demoUsageEnd(now: Date): string {
  const delivered = new Date(now.getTime() - DELIVERY_LAG_MS);
  return `${delivered.toISOString().slice(0, 10)}T00:00:00.000Z`;
}
