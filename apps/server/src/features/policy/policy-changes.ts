import type { PolicyAction, PolicyChanges } from '@finlens/contracts/policy';
import { POLICY_NAMES, type PolicyGrants } from '../../integrations/cloud/aws/iam-grants';
import { POLICY_VERSIONS } from './policy-versions';

/** Granted only where the customer allows actions (AllowActions / allow_actions). */
const OPTIONAL = new Set<string>(['finlens-actions']);

const NOTHING: PolicyGrants = { 'finlens-cur-read': [], 'finlens-inventory-read': [], 'finlens-actions': [] };

function missingFrom(from: PolicyGrants, to: PolicyGrants): PolicyAction[] {
  return POLICY_NAMES.flatMap((policy) => {
    const had = new Set(to[policy]);
    return from[policy]
      .filter((action) => !had.has(action))
      .map((action) => ({ action, policy, optional: OPTIONAL.has(policy) }));
  });
}

/** What changed from the version a project accepted (null: none, or one no longer known) to `latest`. */
export function policyChanges(accepted: string | null, latest: PolicyGrants): PolicyChanges {
  const before = POLICY_VERSIONS.find((entry) => entry.version === accepted)?.grants() ?? NOTHING;
  return { added: missingFrom(latest, before), removed: missingFrom(before, latest) };
}
