import type { RemediationPolicy } from '@finlens/contracts/savings-ledger';
import type { LedgerEntryRow } from './savings-ledger.tables';

/** The client's policy for the entry's rule when the entry's account and tags fall in it, else null. */
export function matchingPolicy(
  policies: readonly RemediationPolicy[],
  entry: Pick<LedgerEntryRow, 'type' | 'account_id' | 'tags'>,
): RemediationPolicy | null {
  const policy = policies.find((p) => p.rule_key === entry.type) ?? null;
  if (policy === null) return null;
  if (policy.account_ids.length > 0 && !policy.account_ids.includes(entry.account_id)) return null;
  if (!policy.tags.every(({ key, value }) => entry.tags[key] === value)) return null;
  return policy;
}
