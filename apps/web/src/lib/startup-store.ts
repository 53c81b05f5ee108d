import type { CostSummary } from '@finlens/contracts/cost-summary';
import { create } from 'zustand';

/**
 * Feature flags of spec §3. A self-hosted install has no flag service (ADR 0002): the paid-package flags
 * come from GET /payment/package/, and Azure is on because nothing gates it on the user's own machine.
 */
export interface FeatureFlags {
  azure: boolean;
  informPaid: boolean;
  operatePaid: boolean;
}

/**
 * idle → loading → ready | failed; `needs-client` is a partner user without an active client (only the
 * switching view works), `unverified` a user who has not confirmed the email yet (the server answers 403).
 */
type StartupPhase = 'idle' | 'loading' | 'ready' | 'failed' | 'needs-client' | 'unverified';

/**
 * The spec §3 global-state fields the start-up chain owns (loading flags, hasProject, featureFlags, the
 * Azure flag, spendData). Server data itself (userData, client, policyData, payment, packages) stays in the TanStack
 * Query cache under the keys of each api/keys.ts; this store only says how far the chain got.
 */
interface StartupState {
  phase: StartupPhase;
  /** 'Failed to load initial data.' when a step fails. */
  error: string | null;
  loading: boolean;
  userLoading: boolean;
  clientLoading: boolean;
  projectsLoading: boolean;
  policyLoading: boolean;
  hasProject: boolean;
  featureFlags: { loading: boolean; data: FeatureFlags | null; error: string | null };
  configCatAzure: boolean;
  /** Spec §3 spend summary: null until loaded, without a project, or when its call failed. */
  spendData: CostSummary | null;
  reset: () => void;
}

const INITIAL = {
  phase: 'idle',
  error: null,
  loading: false,
  userLoading: false,
  clientLoading: false,
  projectsLoading: false,
  policyLoading: false,
  hasProject: false,
  featureFlags: { loading: false, data: null, error: null },
  configCatAzure: false,
  spendData: null,
} satisfies Omit<StartupState, 'reset'>;

export const useStartupStore = create<StartupState>()((set) => ({
  ...INITIAL,
  /**
   * Back to idle: on sign-in, sign-out, a 401 and a client switch (the shell then reloads everything); the
   * cached spend goes too (spec §8: a 401 clears cached spend data).
   */
  reset: () => set(INITIAL),
}));
