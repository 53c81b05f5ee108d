import {
  type CostTarget,
  type CostTargetInput,
  costTargetInputSchema,
  type costTargetPatchSchema,
  type createPlanningsSchema,
  type Planning,
  type TargetScope,
} from '@finlens/contracts/cost-targets';
import { addDays, addMonths } from '@finlens/cost-model/utc-calendar';
import type { z } from 'zod';
import type { ClientCaller } from '../../platform/auth/caller';
import { fieldError, HttpError, notFound } from '../../platform/http/http-error';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import type { CostScopes } from '../../warehouse/cost-scope';
import type { CostTargetsRepo, PlanningRow, TargetRow } from './cost-targets.repo';
import { parsePlanCsv, planToCsv } from './plan-csv';
import { periodAt, targetMonths } from './target-periods';
import {
  burnDown,
  currentPeriod,
  dailyCostOf,
  periodStatus,
  type StatusTarget,
  scopeAsOf,
  scopeQuery,
} from './target-status';

const iso = (d: Date) => d.toISOString();

export function planningView(row: PlanningRow): Planning {
  return {
    id: row.id,
    cost_target: row.cost_target_id,
    month: row.month,
    amount: row.amount,
    updated_at: iso(row.updated_at),
  };
}

/** A stored target as the status code reads it. */
export function statusTarget(row: TargetRow, plannings: readonly PlanningRow[]) {
  return {
    ...row,
    cost_type: row.cost_type as StatusTarget['cost_type'],
    scope: row.scope as TargetScope,
    plannings: plannings.map((p) => ({ month: p.month, amount: p.amount })),
  };
}

/** Cost targets, plannings and history (design in @finlens/contracts/cost-targets). */
export function createCostTargetsService({
  repo,
  scopes,
  warehouse,
  now = () => new Date(),
}: {
  repo: CostTargetsRepo;
  scopes: CostScopes;
  warehouse: CostQueryPort;
  now?: () => Date;
}) {
  /** A saved target's projects: the ones it names (a project removed since drops out), or all of the client's. */
  const scopeOf = (row: TargetRow, scope: TargetScope) =>
    scopes.saved({ clientId: row.client_id }, scope.project_ids);

  async function ownTarget(caller: ClientCaller, id: string): Promise<TargetRow> {
    const row = await repo.target(caller.clientId, id);
    if (row === null) throw notFound();
    return row;
  }

  async function view(row: TargetRow): Promise<CostTarget> {
    const target = statusTarget(row, await repo.plannings(row.id));
    const scope = await scopeOf(row, target.scope);
    const known = await scopeAsOf(warehouse, scope, target, now());
    const period = currentPeriod(target, known.asOf, now());
    const current =
      period === null
        ? null
        : periodStatus(target, period, await dailyCostOf(warehouse, scope, target, period, known));
    return {
      id: row.id,
      name: row.name,
      scope: target.scope,
      cost_type: target.cost_type,
      period: row.period,
      start_date: row.start_date,
      end_date: row.end_date,
      budget_type: row.budget_type,
      amount: row.amount,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      current,
    };
  }

  /** Mean monthly cost of the `months` full months before the target's start. */
  async function lookbackMean(row: TargetRow, months: number): Promise<number> {
    const target = statusTarget(row, []);
    const scope = await scopeOf(row, target.scope);
    const answer = await warehouse.runCostQuery({
      ...scopeQuery(scope, target),
      start_date: addMonths(row.start_date, -months),
      end_date: addDays(row.start_date, -1),
      granularity: 'month',
    });
    return answer.total / months;
  }

  return {
    async list(caller: ClientCaller): Promise<CostTarget[]> {
      const rows = await repo.listTargets(caller.clientId);
      return Promise.all(rows.map(view));
    },

    async get(caller: ClientCaller, id: string): Promise<CostTarget> {
      return view(await ownTarget(caller, id));
    },

    async create(caller: ClientCaller, input: CostTargetInput): Promise<CostTarget> {
      await scopes.requested(caller, input.scope.project_ids);
      const id = await repo.insertTarget({
        client_id: caller.clientId,
        name: input.name,
        scope: input.scope,
        cost_type: input.cost_type,
        period: input.period,
        start_date: input.start_date,
        end_date: input.end_date,
        budget_type: input.budget_type,
        amount: input.amount,
        created_by: caller.user.id,
      });
      return this.get(caller, id);
    },

    async update(
      caller: ClientCaller,
      id: string,
      patch: z.infer<typeof costTargetPatchSchema>,
    ): Promise<CostTarget> {
      const row = await ownTarget(caller, id);
      const merged = costTargetInputSchema.safeParse({
        name: row.name,
        scope: row.scope,
        cost_type: row.cost_type,
        period: row.period,
        start_date: row.start_date,
        end_date: row.end_date,
        budget_type: row.budget_type,
        amount: row.amount,
        ...patch,
      });
      if (!merged.success) {
        const issue = merged.error.issues[0];
        throw fieldError((issue?.path ?? []).map(String).join('.') || 'non_field_errors', [
          issue?.message ?? 'Invalid value.',
        ]);
      }
      if (patch.scope !== undefined) await scopes.requested(caller, merged.data.scope.project_ids);
      await repo.updateTarget(id, merged.data);
      return this.get(caller, id);
    },

    async remove(caller: ClientCaller, id: string): Promise<void> {
      await ownTarget(caller, id);
      await repo.deleteTarget(id);
    },

    async createPlannings(
      caller: ClientCaller,
      id: string,
      request: z.infer<typeof createPlanningsSchema>,
    ): Promise<Planning[]> {
      const row = await ownTarget(caller, id);
      const months = targetMonths(row);
      let amounts: number[];
      if (request.method === 'lookback') {
        const mean = await lookbackMean(row, request.lookback_months);
        amounts = months.map(() => mean);
      } else {
        const base = request.base_amount ?? (await lookbackMean(row, 1));
        amounts = months.map((_, i) => base * (1 + request.growth_rate_percent / 100) ** i);
      }
      const changes = months.map((month, i) => ({
        month,
        amount: Math.round((amounts[i] ?? 0) * 100) / 100,
      }));
      await repo.savePlannings({ targetId: id, userId: caller.user.id, source: request.method }, changes);
      return (await repo.plannings(id)).map(planningView);
    },

    async downloadCsv(caller: ClientCaller, id: string): Promise<{ name: string; csv: string }> {
      const row = await ownTarget(caller, id);
      const plannings = await repo.plannings(id);
      return {
        name: `${row.name.replace(/[^\w.-]+/g, '_')}-plan.csv`,
        csv: await planToCsv(targetMonths(row), plannings),
      };
    },

    async uploadCsv(caller: ClientCaller, id: string, csv: string): Promise<Planning[]> {
      const row = await ownTarget(caller, id);
      const parsed = parsePlanCsv(csv, targetMonths(row));
      if (!parsed.ok) {
        const [first, messages] = Object.entries(parsed.errors)[0] ?? ['csv', ['Invalid file.']];
        throw new HttpError(400, `${first}: ${messages[0]}`, parsed.errors);
      }
      await repo.savePlannings({ targetId: id, userId: caller.user.id, source: 'csv' }, parsed.changes);
      return (await repo.plannings(id)).map(planningView);
    },

    async plannings(caller: ClientCaller, targetId: string): Promise<Planning[]> {
      await ownTarget(caller, targetId);
      return (await repo.plannings(targetId)).map(planningView);
    },

    /** POST cost_target_planning/: one month's plan (an existing month is updated, as PATCH would). */
    async savePlanning(
      caller: ClientCaller,
      request: { targetId: string; month: string; amount: number } | { planningId: string; amount: number },
    ): Promise<Planning> {
      let targetId: string;
      let month: string;
      if ('planningId' in request) {
        const planning = await repo.planning(caller.clientId, request.planningId);
        if (planning === null) throw notFound();
        ({ cost_target_id: targetId, month } = planning);
      } else {
        const row = await ownTarget(caller, request.targetId);
        if (!targetMonths(row).includes(request.month)) {
          throw fieldError('month', ['Choose a month of this target.']);
        }
        ({ targetId, month } = request);
      }
      await repo.savePlannings({ targetId, userId: caller.user.id, source: 'manual' }, [
        { month, amount: request.amount },
      ]);
      const saved = (await repo.plannings(targetId)).find((p) => p.month === month);
      if (saved === undefined) throw notFound();
      return planningView(saved);
    },

    async history(caller: ClientCaller, targetId: string) {
      await ownTarget(caller, targetId);
      const rows = await repo.history(targetId);
      return rows.map((h) => ({
        id: h.id,
        cost_target: h.cost_target_id,
        month: h.month,
        source: h.source,
        before: h.before,
        after: h.after,
        changed_by:
          h.user_id === null || h.user_email === null ? null : { id: h.user_id, email: h.user_email },
        changed_at: iso(h.changed_at),
      }));
    },

    async burnDown(caller: ClientCaller, id: string, periodStart: string | undefined) {
      const row = await ownTarget(caller, id);
      const target = statusTarget(row, await repo.plannings(id));
      const scope = await scopeOf(row, target.scope);
      const known = await scopeAsOf(warehouse, scope, target, now());
      const period =
        periodStart === undefined ? currentPeriod(target, known.asOf, now()) : periodAt(target, periodStart);
      if (period === null || (periodStart !== undefined && periodStart < row.start_date)) {
        throw fieldError('period_start', ['Choose a day inside the target.']);
      }
      return burnDown(target, period, await dailyCostOf(warehouse, scope, target, period, known));
    },
  };
}

export type CostTargetsService = ReturnType<typeof createCostTargetsService>;
