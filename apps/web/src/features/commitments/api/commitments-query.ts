import {
  type COMMITMENT_GRANULARITIES,
  type COMMITMENT_GROUPS,
  type COMMITMENT_TERMS,
  COMMITMENTS_PATHS,
  type CommitmentAlertSettings,
  commitmentAlertSettingsSchema,
  commitmentAlertsSchema,
  commitmentDashboardSchema,
  commitmentInventorySchema,
  convertibleAnalysisSchema,
  type LOOK_BACKS,
  type PAYMENT_OPTIONS,
  purchaseAnalysisSchema,
  type RateOverrideFigure,
  rateTableSchema,
  reservationAnalysisSchema,
  type SCHEDULE_WHAT_IF,
  shareSavePartnerSchema,
  shareSaveSchema,
} from '@finlens/contracts/commitments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

const keys = {
  all: ['commitments'] as const,
  inventory: (projects?: string) => [...keys.all, 'inventory', projects] as const,
  dashboard: (query: DashboardQuery) => [...keys.all, 'dashboard', query] as const,
  purchase: (query: PurchaseQuery) => [...keys.all, 'purchase', query] as const,
  reservations: (query: PurchaseQuery) => [...keys.all, 'reservation-purchase', query] as const,
  convertible: () => [...keys.all, 'convertible'] as const,
  alerts: (projects?: string) => [...keys.all, 'alerts', projects] as const,
  shareSave: () => [...keys.all, 'sharesave'] as const,
  shareSavePartner: () => [...keys.all, 'sharesave-partner'] as const,
  rateTable: () => [...keys.all, 'rate-table'] as const,
};

export type LookBack = (typeof LOOK_BACKS)[number];
export type CommitmentGroup = (typeof COMMITMENT_GROUPS)[number];
export type Term = (typeof COMMITMENT_TERMS)[number];
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];
export type Granularity = (typeof COMMITMENT_GRANULARITIES)[number];
export type ScheduleWhatIf = (typeof SCHEDULE_WHAT_IF)[number];
type DashboardQuery = {
  start_date: string;
  end_date: string;
  group_by: CommitmentGroup;
  /** Day when absent. */
  granularity?: Granularity;
  /** Comma-separated project ids; every project of the client when absent. */
  project_ids?: string;
};
type PurchaseQuery = {
  look_back: LookBack;
  term: Term;
  payment_option: PaymentOption;
  /** apply (the server's default): the hours enabled schedules stop are taken out of the look-back. */
  schedules?: ScheduleWhatIf;
  /** apply (the server's default): what recommendations not yet applied would save is taken out too. */
  recommendations?: ScheduleWhatIf;
  project_ids?: string;
};

/** GET /c/commitments/inventory/ — the client's reservations and savings plans with the expiry calendar. */
export function useCommitmentInventory(projectIds?: string) {
  return useQuery({
    queryKey: keys.inventory(projectIds),
    queryFn: ({ signal }) =>
      apiRequest(COMMITMENTS_PATHS.inventory, commitmentInventorySchema, {
        query: { project_ids: projectIds },
        signal,
      }),
  });
}

/** GET /c/commitments/dashboard/ — utilisation, coverage and ESR per day of the range, and the breakdown. */
export function useCommitmentDashboard(query: DashboardQuery) {
  return useQuery({
    queryKey: keys.dashboard(query),
    queryFn: ({ signal }) =>
      apiRequest(COMMITMENTS_PATHS.dashboard, commitmentDashboardSchema, {
        query: { granularity: 'day', ...query },
        signal,
      }),
  });
}

/** How often a purchase analysis is read again while it accounts for no recommendation not yet applied. */
export const RECOMMENDATIONS_RECHECK_MS = 30_000;
/** How many answers a page reads before it stops waiting for a first recommendation (10 minutes at 30 s). */
export const RECOMMENDATIONS_RECHECK_READS = 20;

/**
 * Read again every RECOMMENDATIONS_RECHECK_MS while an answer counts no recommendation: the recommendations are
 * first evaluated after the inventory's collection, which may end after the page opened (on a new demo the
 * "Recommendations accounted for" line never appeared until a reload). Once one is counted, no more reads; nor
 * after RECOMMENDATIONS_RECHECK_READS answers without one (a project with none would otherwise be read every 30 s
 * as long as the page stays open).
 */
export const recheckWhileNoRecommendations = (
  answer: { recommendations: { count: number } } | undefined,
  reads: number,
) =>
  answer !== undefined && answer.recommendations.count === 0 && reads < RECOMMENDATIONS_RECHECK_READS
    ? RECOMMENDATIONS_RECHECK_MS
    : false;

/** GET /c/commitments/purchase_analysis/ — the savings plan the look-back's hourly curve calls for. */
export function usePurchaseAnalysis(query: PurchaseQuery) {
  return useQuery({
    queryKey: keys.purchase(query),
    queryFn: ({ signal }) =>
      apiRequest(COMMITMENTS_PATHS.purchaseAnalysis, purchaseAnalysisSchema, { query, signal }),
    refetchInterval: (q) => recheckWhileNoRecommendations(q.state.data, q.state.dataUpdateCount),
  });
}

/** GET /c/commitments/reservation_analysis/ — the reserved instances per family, by normalised units. */
export function useReservationAnalysis(query: PurchaseQuery) {
  return useQuery({
    queryKey: keys.reservations(query),
    queryFn: ({ signal }) =>
      apiRequest(COMMITMENTS_PATHS.reservationAnalysis, reservationAnalysisSchema, { query, signal }),
    refetchInterval: (q) => recheckWhileNoRecommendations(q.state.data, q.state.dataUpdateCount),
  });
}

/** The CSV of the same reservation analysis, one line per curve (the browser downloads it with the session cookie). */
export function reservationAnalysisCsvHref(query: PurchaseQuery): string {
  const params = new URLSearchParams({ ...query, project_ids: query.project_ids ?? '', format: 'csv' });
  if (query.project_ids === undefined) params.delete('project_ids');
  return `${COMMITMENTS_PATHS.reservationAnalysis}?${params.toString()}`;
}

/** GET /c/commitments/convertible/ — under-used convertible reservations and the exchange that fits their use. */
export function useConvertibleAnalysis() {
  return useQuery({
    queryKey: keys.convertible(),
    queryFn: ({ signal }) => apiRequest(COMMITMENTS_PATHS.convertible, convertibleAnalysisSchema, { signal }),
  });
}

/** GET /c/commitments/alerts/ — the alerts due now (expiring, under-used, coverage drops, new) and the thresholds. */
export function useCommitmentAlerts(projectIds?: string) {
  return useQuery({
    queryKey: keys.alerts(projectIds),
    queryFn: ({ signal }) =>
      apiRequest(COMMITMENTS_PATHS.alerts, commitmentAlertsSchema, {
        query: { project_ids: projectIds },
        signal,
      }),
  });
}

/** PUT /c/commitments/alert_settings/ (admins) — the client's alert thresholds; the alerts are judged again. */
export function useSaveAlertSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommitmentAlertSettings) =>
      apiRequest(COMMITMENTS_PATHS.alertSettings, commitmentAlertSettingsSchema, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...keys.all, 'alerts'] }),
  });
}

/** GET /c/commitments/rate_overrides/ — the documented rate table and the client's own figures. */
export function useRateTable() {
  return useQuery({
    queryKey: keys.rateTable(),
    queryFn: ({ signal }) => apiRequest(COMMITMENTS_PATHS.rateOverrides, rateTableSchema, { signal }),
  });
}

/** PUT /c/commitments/rate_overrides/ (admins) — the client's own figures; the purchase analyses are asked again. */
export function useSaveRateOverridesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (overrides: RateOverrideFigure[]) =>
      apiRequest(COMMITMENTS_PATHS.rateOverrides, rateTableSchema, { method: 'PUT', body: { overrides } }),
    onSuccess: () =>
      Promise.all(
        ['rate-table', 'purchase', 'reservation-purchase'].map((what) =>
          queryClient.invalidateQueries({ queryKey: [...keys.all, what] }),
        ),
      ),
  });
}

/**
 * GET /c/commitments/sharesave/ — the ShareSave savings-share report; null where ShareSave is not allowed for the
 * client (the server's 404: the report is invisible, not an error).
 */
export function useShareSave() {
  return useQuery({
    queryKey: keys.shareSave(),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest(COMMITMENTS_PATHS.shareSave, shareSaveSchema, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/**
 * GET /c/commitments/sharesave/partner/ — a partner user's clients' savings-share reports (asked only for a
 * partner user; null when the server refuses: 403 to a user of no partner).
 */
export function usePartnerShareSave(partnerUser: boolean) {
  return useQuery({
    queryKey: keys.shareSavePartner(),
    enabled: partnerUser,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest(COMMITMENTS_PATHS.shareSavePartner, shareSavePartnerSchema, { signal });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return null;
        throw error;
      }
    },
  });
}

/** PUT /c/commitments/sharesave/ (admins) — the agreed share (a fraction, null: not agreed); the report follows. */
export function useSaveShareSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: number | null) =>
      apiRequest(COMMITMENTS_PATHS.shareSave, shareSaveSchema, { method: 'PUT', body: { share } }),
    onSuccess: (report) => queryClient.setQueryData(keys.shareSave(), report),
  });
}

/** The same report as CSV, one line per month (the browser downloads it with the session cookie). */
export const SHARESAVE_CSV_HREF = `${COMMITMENTS_PATHS.shareSave}?format=csv`;

/** The partner view as CSV, one line per client with the table's columns. */
export const SHARESAVE_PARTNER_CSV_HREF = `${COMMITMENTS_PATHS.shareSavePartner}?format=csv`;
