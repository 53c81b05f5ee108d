import type { Profile } from '@finlens/contracts/auth';
import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import type { PackageInfo } from '@finlens/contracts/payment';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { fetchClient } from '../features/admin/api/client-query';
import { adminKeys } from '../features/admin/api/keys';
import { fetchProjectsAws } from '../features/admin/api/projects-aws-query';
import { fetchStatus } from '../features/admin/api/status-query';
import { fetchCurrentUser } from '../features/auth/api/current-user-query';
import { authKeys } from '../features/auth/api/keys';
import { fetchCostSummary } from '../features/cost-summary/api/cost-summary-query';
import { costSummaryKeys } from '../features/cost-summary/api/keys';
import { paymentKeys } from '../features/payment/api/keys';
import { fetchPackage } from '../features/payment/api/package-query';
import { fetchPaymentMethod } from '../features/payment/api/payment-method-query';
import { policyKeys } from '../features/policy/api/keys';
import { fetchPolicyVersion } from '../features/policy/api/policy-version-query';
import { ApiError } from '../lib/api-client';
import { isSignedIn } from '../lib/session';
import type { FeatureFlags, useStartupStore } from '../lib/startup-store';

interface ChainDeps {
  queryClient: QueryClient;
  store: typeof useStartupStore;
}

/** No flag service in a self-hosted install (ADR 0002): the package answer decides the paid flags. */
function featureFlagsFrom(packageInfo: PackageInfo): FeatureFlags {
  return { azure: true, informPaid: packageInfo.inform_paid, operatePaid: packageInfo.operate_paid };
}

/**
 * One step: fetched afresh (a cached answer may belong to the previous session or client) into the
 * query cache. The fetch takes no abort signal, so a screen that unmounts meanwhile (StrictMode's double
 * effects, a page change) cannot cancel the chain.
 */
function step<T>(queryClient: QueryClient, queryKey: QueryKey, fetch: () => Promise<T>): Promise<T> {
  return queryClient.fetchQuery({ queryKey, queryFn: () => fetch(), staleTime: 0 });
}

async function loadClientData({ queryClient, store }: ChainDeps, clientId: string) {
  const set = store.setState;
  set({ clientLoading: true });
  await step(queryClient, adminKeys.client(clientId), () => fetchClient(clientId));
  set({ clientLoading: false, projectsLoading: true });

  const [status] = await Promise.all([
    step(queryClient, adminKeys.status(), () => fetchStatus()),
    step(queryClient, adminKeys.projectsAws(), () => fetchProjectsAws()),
  ]);
  set({ projectsLoading: false, hasProject: status.has_project, policyLoading: true });

  const policyKey = policyKeys.policyVersion('all');
  await Promise.all([
    // Spec §8: a policy load error empties policy data; it does not stop the start-up.
    step(queryClient, policyKey, () => fetchPolicyVersion('all')).catch(() =>
      queryClient.removeQueries({ queryKey: policyKey, exact: true }),
    ),
    step(queryClient, paymentKeys.paymentMethod(), () => fetchPaymentMethod()),
  ]);
  set({ policyLoading: false, featureFlags: { loading: true, data: null, error: null } });

  const packageInfo = await step(queryClient, paymentKeys.packageInfo(), () => fetchPackage());
  const flags = featureFlagsFrom(packageInfo);
  set({ featureFlags: { loading: false, data: flags, error: null }, configCatAzure: flags.azure });
  if (status.has_project) await loadSpend({ queryClient, store });
}

/**
 * The last step: month-to-date spend. Its failure does not fail the start-up (the app bar just shows no
 * spend), except a 401, which has logged out and ends the chain like any other step's.
 */
async function loadSpend({ queryClient, store }: ChainDeps): Promise<void> {
  try {
    const spend = await step(queryClient, costSummaryKeys.summary(), () => fetchCostSummary());
    store.setState({ spendData: spend });
  } catch (error) {
    // A 401 logged out (and cancelled this call): the chain ends as for any step.
    if ((error instanceof ApiError && error.status === 401) || !isSignedIn()) throw error;
    console.warn('Month-to-date spend could not be loaded; start-up carries on without it.', error);
    store.setState({ spendData: null });
  }
}

/**
 * The start-up chain of spec §4, one step after another: user → client → status and AWS projects →
 * policy version and payment method → packages → feature flags → month-to-date spend when the client has
 * a project. Answers land in the query cache; the store records the loading flags, the spend and the outcome.
 * Analytics and the user segment are not started: Finlens sends nothing to third parties.
 */
export async function loadInitialData(deps: ChainDeps): Promise<void> {
  const { queryClient, store } = deps;
  const set = store.setState;
  set({ phase: 'loading', error: null, loading: true, userLoading: true });
  try {
    const profile: Profile = await step(queryClient, authKeys.currentUser(), () => fetchCurrentUser());
    set({ userLoading: false });
    if (profile.client_id === null) return set({ phase: 'needs-client', loading: false });
    if (!profile.email_verified) return set({ phase: 'unverified', loading: false });
    await loadClientData(deps, profile.client_id);
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
