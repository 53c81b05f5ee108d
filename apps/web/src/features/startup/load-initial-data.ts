import type { Profile } from '@finlens/contracts/auth';
import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import type { PackageInfo } from '@finlens/contracts/payment';
import type { QueryClient } from '@tanstack/react-query';
import { isSignedIn } from '../../app/session';
import { ApiError } from '../../lib/api-client';
import { currentUserQueryOptions } from '../auth/api/current-user-query';
import { clientQueryOptions } from './api/client-query';
import { packageQueryOptions } from './api/package-query';
import { paymentMethodQueryOptions } from './api/payment-method-query';
import { policyVersionQueryOptions } from './api/policy-version-query';
import { projectsAwsQueryOptions } from './api/projects-aws-query';
import { statusQueryOptions } from './api/status-query';
import type { FeatureFlags, useStartupStore } from './startup-store';

interface ChainDeps {
  queryClient: QueryClient;
  store: typeof useStartupStore;
}

/** No flag service in a self-hosted install (ADR 0002): the package answer decides the paid flags. */
function featureFlagsFrom(packageInfo: PackageInfo): FeatureFlags {
  return { azure: true, informPaid: packageInfo.inform_paid, operatePaid: packageInfo.operate_paid };
}

/** Each step fetches afresh (staleTime 0): a cached answer may belong to the previous session or client. */
async function loadClientData({ queryClient, store }: ChainDeps, profile: Profile & { client_id: string }) {
  const set = store.setState;
  const fresh = { staleTime: 0 } as const;
  set({ clientLoading: true });
  await queryClient.fetchQuery({ ...clientQueryOptions(profile.client_id), ...fresh });
  set({ clientLoading: false, projectsLoading: true });

  const [status] = await Promise.all([
    queryClient.fetchQuery({ ...statusQueryOptions(), ...fresh }),
    queryClient.fetchQuery({ ...projectsAwsQueryOptions(), ...fresh }),
  ]);
  set({ projectsLoading: false, hasProject: status.has_project, policyLoading: true });

  const policy = policyVersionQueryOptions();
  await Promise.all([
    // Spec §8: a policy load error empties policy data; it does not stop the start-up.
    queryClient.fetchQuery({ ...policy, ...fresh }).catch(() => queryClient.removeQueries(policy)),
    queryClient.fetchQuery({ ...paymentMethodQueryOptions(), ...fresh }),
  ]);
  set({ policyLoading: false, featureFlags: { loading: true, data: null, error: null } });

  const packageInfo = await queryClient.fetchQuery({ ...packageQueryOptions(), ...fresh });
  const flags = featureFlagsFrom(packageInfo);
  set({ featureFlags: { loading: false, data: flags, error: null }, configCatAzure: flags.azure });
}

/**
 * The start-up chain of spec §4, one step after another: user → client → status and AWS projects →
 * policy version and payment method → packages → feature flags. Answers land in the query cache; the
 * store records the loading flags and the outcome.
 * Month-to-date spend is skipped: no contract defines a spend call yet (it arrives with the cost issue).
 * Analytics and the user segment are not started: Finlens sends nothing to third parties.
 */
export async function loadInitialData(deps: ChainDeps): Promise<void> {
  const { queryClient, store } = deps;
  const set = store.setState;
  set({ phase: 'loading', error: null, loading: true, userLoading: true });
  try {
    const profile = await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
    set({ userLoading: false });
    const clientId = profile.client_id;
    if (clientId === null) return set({ phase: 'needs-client', loading: false });
    if (!profile.email_verified) return set({ phase: 'unverified', loading: false });
    await loadClientData(deps, { ...profile, client_id: clientId });
    set({ phase: 'ready', loading: false });
  } catch (error) {
    // A 401 has already logged out (api client), which also cancels the calls in flight; anything else
    // is the failed state with a retry.
    if ((error instanceof ApiError && error.status === 401) || !isSignedIn()) return store.getState().reset();
    set({
      phase: 'failed',
      error: ERROR_MESSAGES.initialData,
      loading: false,
      userLoading: false,
      clientLoading: false,
      projectsLoading: false,
      policyLoading: false,
    });
  }
}
