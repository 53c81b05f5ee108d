import {
  type Alert,
  type AlertFrequency,
  alertListSchema,
  alertSchema,
  burnDownSchema,
  type CostTargetInput,
  costTargetListSchema,
  costTargetSchema,
  COST_TARGET_PATHS as P,
  planningHistoryListSchema,
  planningListSchema,
  planningSchema,
} from '@finlens/contracts/cost-targets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

/** Query keys of the cost targets; any change invalidates `all` (status, plan and burn-down move together). */
const targetKeys = {
  all: ['cost-targets'] as const,
  list: () => [...targetKeys.all, 'list'] as const,
  one: (id: string) => [...targetKeys.all, 'one', id] as const,
  plannings: (id: string) => [...targetKeys.all, 'plannings', id] as const,
  history: (id: string) => [...targetKeys.all, 'history', id] as const,
  alerts: (id: string) => [...targetKeys.all, 'alerts', id] as const,
  burnDown: (id: string, periodStart: string | null) =>
    [...targetKeys.all, 'burn-down', id, periodStart] as const,
};

/** cost_page GETs carry imply_client (spec §7). */
const IMPLY_CLIENT = { imply_client: 'true' } as const;

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** GET cost_target/ — every target of the client with its current period. */
export function useTargets() {
  return useQuery({
    queryKey: targetKeys.list(),
    queryFn: ({ signal }) => apiRequest(P.targets, costTargetListSchema, { query: IMPLY_CLIENT, signal }),
  });
}

/** GET cost_target/{id}/ — null id: nothing to load (a new target). */
export function useTarget(id: string | null) {
  return useQuery({
    queryKey: targetKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(withId(P.target, id ?? ''), costTargetSchema, { query: IMPLY_CLIENT, signal }),
    enabled: id !== null,
  });
}

function useInvalidateTargets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: targetKeys.all });
}

/** Spec §4: an existing id means PATCH, otherwise POST. */
export function useSaveTarget() {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CostTargetInput }) =>
      id === null
        ? apiRequest(P.targets, costTargetSchema, { method: 'POST', body: input })
        : apiRequest(withId(P.target, id), costTargetSchema, { method: 'PATCH', body: input }),
    onSuccess,
  });
}

/** DELETE cost_target/{id}/ — 204. */
export function useDeleteTarget() {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(P.target, id), z.undefined(), { method: 'DELETE' }),
    onSuccess,
  });
}

/** A GET of one target's rows (?cost_target=): plannings, their history, alerts. */
function useTargetRows<T>(
  path: string,
  schema: z.ZodType<T>,
  queryKey: readonly unknown[],
  targetId: string,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest(path, schema, { query: { cost_target: targetId, ...IMPLY_CLIENT }, signal }),
  });
}

/** GET cost_target_planning/?cost_target= — the monthly plan rows. */
export function usePlannings(targetId: string) {
  return useTargetRows(P.plannings, planningListSchema, targetKeys.plannings(targetId), targetId);
}

type PlanningsRequest =
  | { method: 'lookback'; lookback_months: number }
  | { method: 'growth'; growth_rate_percent: number; base_amount?: number };

/** GET cost_target_planning_history/?cost_target= — every plan change, newest first. */
export function usePlanHistory(targetId: string) {
  return useTargetRows(P.history, planningHistoryListSchema, targetKeys.history(targetId), targetId);
}

/** POST cost_target/{id}/create_cost_target_plannings/ — replaces every month's plan. */
export function useCreatePlannings(targetId: string) {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: (body: PlanningsRequest) =>
      apiRequest(withId(P.createPlannings, targetId), planningListSchema, { method: 'POST', body }),
    onSuccess,
  });
}

/** POST cost_target_planning/ for one month (the server updates the month's row when it exists). */
export function useSavePlanning(targetId: string) {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: ({ month, amount }: { month: string; amount: number }) =>
      apiRequest(P.plannings, planningSchema, {
        method: 'POST',
        body: { cost_target: targetId, month, amount },
      }),
    onSuccess,
  });
}

/** POST cost_target/{id}/upload_csv/ — all rows or none; a bad row answers 400 with `rows.<n>.<column>`. */
export function useUploadPlanCsv(targetId: string) {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest(withId(P.uploadCsv, targetId), planningListSchema, { method: 'POST', body: { csv } }),
    onSuccess,
  });
}

/** GET cost_target/{id}/download_csv/ — the plan as CSV text. */
export function fetchPlanCsv(targetId: string): Promise<string> {
  return apiRequest(withId(P.downloadCsv, targetId), z.string(), { query: IMPLY_CLIENT });
}

/** GET cost_target_alert/?cost_target= */
export function useAlerts(targetId: string) {
  return useTargetRows(P.alerts, alertListSchema, targetKeys.alerts(targetId), targetId);
}

export type AlertDraft = Pick<Alert, 'basis' | 'threshold_type' | 'threshold' | 'frequency' | 'recipients'>;

/** POST cost_target_alert/ (no id) or PATCH cost_target_alert/{id}/. */
export function useSaveAlert(targetId: string) {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: AlertDraft }) =>
      id === null
        ? apiRequest(P.alerts, alertSchema, { method: 'POST', body: { cost_target: targetId, ...draft } })
        : apiRequest(withId(P.alert, id), alertSchema, { method: 'PATCH', body: draft }),
    onSuccess,
  });
}

/** DELETE cost_target_alert/{id}/ — 204. */
export function useDeleteAlert() {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(P.alert, id), z.undefined(), { method: 'DELETE' }),
    onSuccess,
  });
}

/** POST cost_target_alert/sync_alert_frequencies/ — one frequency for every alert of the target. */
export function useSyncAlertFrequency(targetId: string) {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: (frequency: AlertFrequency) =>
      apiRequest(P.syncAlertFrequencies, alertListSchema, {
        method: 'POST',
        body: { cost_target_id: targetId, frequency },
      }),
    onSuccess,
  });
}

/** GET cost_target/{id}/burn_down/ — one period day by day (null period: the current one). */
export function useBurnDown(targetId: string | null, periodStart: string | null) {
  return useQuery({
    queryKey: targetKeys.burnDown(targetId ?? '', periodStart),
    queryFn: ({ signal }) =>
      apiRequest(withId(P.burnDown, targetId ?? ''), burnDownSchema, {
        query: { ...IMPLY_CLIENT, period_start: periodStart },
        signal,
      }),
    enabled: targetId !== null,
    placeholderData: keepPreviousData,
  });
}
