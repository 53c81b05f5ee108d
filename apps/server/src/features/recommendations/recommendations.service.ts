import {
  type EssentialsGroup,
  type EssentialsSummary,
  type LedgerFields,
  RECOMMENDATION_TYPE_INFO,
  type Recommendation,
  type RecommendationDetail,
  type RecommendationsExportQuery,
  type RecommendationsList,
  type RecommendationsQuery,
  type RecommendationsSummary,
  type Rule,
  type RuleChanges,
  type RuleChangesQuery,
  type RuleDashboard,
  type RulePatch,
  type RulesList,
  type ViolationEvent,
  type WhyAnswer,
  type WhyQuery,
} from '@finlens/contracts/recommendations';
import {
  evaluateResource,
  RULES,
  type RuleSetting,
  ruleOf,
  thresholdErrors,
  thresholdsOf,
} from '@finlens/cost-model/recommendations/engine';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { ClientCaller } from '../../platform/auth/caller';
import { fieldError, HttpError, notFound } from '../../platform/http/http-error';
import type { CostScopes } from '../../warehouse/cost-scope';
import {
  groupTotals,
  recommendationsCsv,
  selectRecommendations,
  sortRecommendations,
  toRecommendation,
  typeTotals,
} from './recommendation-lists';
import { enqueueRecommendationEvaluation } from './recommendations.jobs';
import type { RecommendationsRepo } from './recommendations.repo';
import { bodyOf, type EvaluationDeps } from './recommendations-evaluation.service';
import { gatherInputs } from './rule-inputs';

/** The ledger's fields of recommendations (the savings ledger answers them; absent: every one is open). */
export interface LedgerReader {
  fields(ids: readonly string[]): Promise<Map<string, LedgerFields>>;
}

const sum = (rows: readonly Recommendation[], pick: (r: Recommendation) => number) =>
  rows.reduce((n, r) => n + pick(r), 0);
const iso = (value: Date | string) => new Date(value).toISOString();

export function createRecommendationsService(
  deps: EvaluationDeps & {
    db: Kysely<AppTables>;
    scopes: Pick<CostScopes, 'requested'>;
    ledger?: LedgerReader;
  },
) {
  const { repo, scopes } = deps;
  const now = deps.now ?? (() => new Date());

  async function evaluationInfo(projectIds: readonly string[]) {
    const row = await repo.newestEvaluation(projectIds);
    if (row === null) return null;
    return {
      id: row.id,
      evaluated_at: iso(row.finished_at),
      trigger: row.trigger,
      resources: row.resources,
      violations: row.violations,
      duration_ms: row.duration_ms,
    };
  }

  async function withLedger(rows: Awaited<ReturnType<RecommendationsRepo['recommendations']>>) {
    const ledger =
      deps.ledger === undefined
        ? new Map<string, LedgerFields>()
        : await deps.ledger.fields(rows.map((r) => r.id));
    return rows.map((r) => toRecommendation(r, ledger.get(r.id)));
  }

  async function selected(caller: ClientCaller, query: RecommendationsExportQuery) {
    const scope = await scopes.requested(caller, query.project_ids);
    const rows = await withLedger(
      await repo.recommendations(scope.projectIds, { resolved: query.include_resolved === 'true' }),
    );
    return { scope, rows: await selectRecommendations(rows, query) };
  }

  async function settingsOf(clientId: string) {
    return new Map<string, RuleSetting>(
      (await repo.settings(clientId)).map((s) => [
        s.rule_key,
        { enabled: s.enabled, thresholds: s.thresholds },
      ]),
    );
  }

  function ruleView(key: string, settings: Map<string, RuleSetting>, open: readonly Recommendation[]): Rule {
    const rule = ruleOf(key);
    if (rule === null) throw notFound();
    const setting = settings.get(rule.key);
    const values = thresholdsOf(rule, setting);
    const mine = open.filter((r) => r.rule_key === rule.key);
    return {
      key: rule.key,
      name: RECOMMENDATION_TYPE_INFO[rule.key].name,
      description: rule.description,
      anchor: rule.anchor,
      group: RECOMMENDATION_TYPE_INFO[rule.key].group,
      finding: RECOMMENDATION_TYPE_INFO[rule.key].finding,
      resource_kinds: [...rule.kinds],
      enabled: setting?.enabled ?? true,
      thresholds: rule.thresholds.map((t) => ({
        ...t,
        value: values[t.key] ?? t.default,
        overridden: setting?.thresholds[t.key] !== undefined,
      })),
      open_violations: mine.length,
      cost_at_stake: sum(mine, (r) => r.saving.estimated_monthly_saving),
    };
  }

  function eventView(
    row: Awaited<ReturnType<RecommendationsRepo['events']>>['rows'][number],
  ): ViolationEvent {
    return {
      id: row.id,
      recommendation_id: row.recommendation_id,
      rule_key: row.rule_key as ViolationEvent['rule_key'],
      event: row.event,
      at: iso(row.at),
      project_id: row.project_id,
      account_id: row.account_id,
      region: row.region,
      resource_id: row.resource_id,
      resource_name: row.resource_name,
      estimated_monthly_saving: row.estimated_monthly_saving,
      previous_monthly_saving: row.previous_monthly_saving,
      cause: (row.cause ?? null) as ViolationEvent['cause'],
    };
  }

  return {
    async list(caller: ClientCaller, query: RecommendationsQuery): Promise<RecommendationsList> {
      const { scope, rows } = await selected(caller, query);
      const start = (query.page - 1) * query.page_size;
      return {
        count: rows.length,
        page: query.page,
        page_size: query.page_size,
        total_estimated_monthly_saving: sum(rows, (r) => r.saving.estimated_monthly_saving),
        total_on_demand_monthly_saving: sum(rows, (r) => r.saving.on_demand_monthly_saving),
        by_type: typeTotals(rows),
        evaluation: await evaluationInfo(scope.projectIds),
        results: rows.slice(start, start + query.page_size),
      };
    },

    async csv(caller: ClientCaller, query: RecommendationsExportQuery): Promise<string> {
      return recommendationsCsv((await selected(caller, query)).rows);
    },

    async summary(
      caller: ClientCaller,
      projectIds: readonly string[] | undefined,
    ): Promise<RecommendationsSummary> {
      const { scope, rows } = await selected(caller, {
        project_ids: projectIds as string[] | undefined,
        include_resolved: 'false',
        sort: 'saving',
        order: 'desc',
      });
      const accounts = new Map<string, RecommendationsSummary['by_account'][number]>();
      for (const r of rows) {
        const a = accounts.get(r.account_id) ?? {
          account_id: r.account_id,
          account_name: r.account_name,
          count: 0,
          estimated_monthly_saving: 0,
        };
        a.count += 1;
        a.estimated_monthly_saving += r.saving.estimated_monthly_saving;
        accounts.set(r.account_id, a);
      }
      return {
        total_count: rows.length,
        total_estimated_monthly_saving: sum(rows, (r) => r.saving.estimated_monthly_saving),
        total_on_demand_monthly_saving: sum(rows, (r) => r.saving.on_demand_monthly_saving),
        by_type: typeTotals(rows),
        by_group: groupTotals(rows).map(({ group, count, estimated_monthly_saving }) => ({
          group,
          count,
          estimated_monthly_saving,
        })),
        by_account: [...accounts.values()].sort(
          (a, b) => b.estimated_monthly_saving - a.estimated_monthly_saving,
        ),
        evaluation: await evaluationInfo(scope.projectIds),
      };
    },

    async essentials(
      caller: ClientCaller,
      projectIds: readonly string[] | undefined,
    ): Promise<EssentialsSummary> {
      const { scope, rows } = await selected(caller, {
        project_ids: projectIds as string[] | undefined,
        include_resolved: 'false',
        sort: 'saving',
        order: 'desc',
      });
      const total = sum(rows, (r) => r.saving.estimated_monthly_saving);
      return {
        groups: groupTotals(rows),
        total_estimated_monthly_saving: total,
        weekly_saving: total / 4,
        evaluation: await evaluationInfo(scope.projectIds),
      };
    },

    async essentialsGroup(caller: ClientCaller, group: EssentialsGroup, query: RecommendationsQuery) {
      return this.list(caller, { ...query, group });
    },

    /** A recommendation of the caller's projects (resolved ones too), null when there is none. */
    async find(caller: ClientCaller, id: string): Promise<Recommendation | null> {
      const scope = await scopes.requested(caller, null);
      const row = await repo.recommendation(scope.projectIds, id);
      return row === null ? null : ((await withLedger([row]))[0] ?? null);
    },

    async detail(caller: ClientCaller, id: string): Promise<RecommendationDetail> {
      const scope = await scopes.requested(caller, null);
      const row = await repo.recommendation(scope.projectIds, id);
      if (row === null) throw notFound();
      const [recommendation] = await withLedger([row]);
      const settings = await settingsOf(caller.clientId);
      const open = await withLedger(await repo.recommendations(scope.projectIds, { ruleKey: row.rule_key }));
      const events = await repo.events(scope.projectIds, { recommendationId: id }, { offset: 0, limit: 200 });
      return {
        recommendation: recommendation as Recommendation,
        rule: ruleView(row.rule_key, settings, open),
        history: events.rows.map(eventView),
      };
    },

    async rules(caller: ClientCaller, projectIds: readonly string[] | undefined): Promise<RulesList> {
      const scope = await scopes.requested(caller, projectIds);
      const settings = await settingsOf(caller.clientId);
      const open = await withLedger(await repo.recommendations(scope.projectIds));
      return {
        results: RULES.map((r) => ruleView(r.key, settings, open)),
        evaluation: await evaluationInfo(scope.projectIds),
      };
    },

    async rule(caller: ClientCaller, key: string): Promise<Rule> {
      const scope = await scopes.requested(caller, null);
      if (ruleOf(key) === null) throw notFound();
      const open = await withLedger(await repo.recommendations(scope.projectIds, { ruleKey: key }));
      return ruleView(key, await settingsOf(caller.clientId), open);
    },

    /** Saves the client's setting (thresholds merged; null resets one) and queues a re-evaluation of its projects. */
    async patchRule(caller: ClientCaller, key: string, patch: RulePatch): Promise<Rule> {
      const rule = ruleOf(key);
      if (rule === null) throw notFound();
      const errors = thresholdErrors(rule, patch.thresholds ?? {});
      const [field] = Object.keys(errors);
      if (field !== undefined) throw fieldError(`thresholds.${field}`, [errors[field] as string]);
      const current = (await settingsOf(caller.clientId)).get(key);
      const thresholds: Record<string, number> = { ...(current?.thresholds ?? {}) };
      for (const [k, v] of Object.entries(patch.thresholds ?? {})) {
        if (v === null) delete thresholds[k];
        else thresholds[k] = v;
      }
      const at = now();
      await repo.saveSetting({
        clientId: caller.clientId,
        ruleKey: key,
        enabled: patch.enabled ?? current?.enabled ?? true,
        thresholds,
        by: caller.user.email,
        at,
      });
      for (const projectId of await repo.projectsOf(caller.clientId))
        await enqueueRecommendationEvaluation(deps.db, { projectId, trigger: 'rule-change' }, at);
      return this.rule(caller, key);
    },

    async dashboard(
      caller: ClientCaller,
      key: string,
      query: { project_ids?: string[] | undefined; days: number },
    ): Promise<RuleDashboard> {
      const scope = await scopes.requested(caller, query.project_ids);
      if (ruleOf(key) === null) throw notFound();
      const open = await withLedger(await repo.recommendations(scope.projectIds, { ruleKey: key }));
      const today = iso(now()).slice(0, 10);
      const from = addDays(today, -(query.days - 1));
      const stored = new Map(
        (await repo.daily(scope.projectIds, key, from)).map((d) => [String(d.day).slice(0, 10), d]),
      );
      const series: RuleDashboard['series'] = [];
      // A day without an evaluation carries the day before's figures forward.
      let last = { open_violations: 0, cost_at_stake: 0 };
      for (let day = from; day <= today; day = addDays(day, 1)) {
        const d = stored.get(day);
        if (d !== undefined)
          last = { open_violations: Number(d.open_violations), cost_at_stake: Number(d.cost_at_stake) };
        series.push({ date: day, ...last });
      }
      const events = await repo.events(scope.projectIds, { ruleKey: key }, { offset: 0, limit: 50 });
      return {
        rule: ruleView(key, await settingsOf(caller.clientId), open),
        series,
        violations: sortRecommendations(open, 'saving', 'desc'),
        recent_events: events.rows.map(eventView),
      };
    },

    async changes(caller: ClientCaller, query: RuleChangesQuery): Promise<RuleChanges> {
      const scope = await scopes.requested(caller, query.project_ids);
      const { count, rows } = await repo.events(
        scope.projectIds,
        {
          ruleKey: query.rule_key,
          event: query.event,
          accountId: query.account_id,
          resourceId: query.resource_id,
        },
        { offset: (query.page - 1) * query.page_size, limit: query.page_size },
      );
      return { count, page: query.page, page_size: query.page_size, results: rows.map(eventView) };
    },

    /** Every rule of the resource's kind checked now, with the client's thresholds, over what is stored. */
    async why(caller: ClientCaller, query: WhyQuery): Promise<WhyAnswer> {
      await scopes.requested(caller, [query.project_id]);
      const at = now();
      const gathered = await gatherInputs({
        ...deps,
        projectId: query.project_id,
        clientId: caller.clientId,
        now: at,
        only: (row) =>
          row.resource_id === query.resource_id ||
          (row.resource as { arn?: unknown }).arn === query.resource_id,
      });
      const input = gathered.inputs[0];
      if (input === undefined) throw new HttpError(404, 'Not found.');
      const r = input.resource;
      const checks = evaluateResource(input, gathered.settings).map(({ rule, outcome }) => {
        const violated = outcome.outcome === 'violated';
        const disabled = 'disabledRule' in outcome && outcome.disabledRule === true;
        return {
          rule_key: rule.key,
          rule_name: RECOMMENDATION_TYPE_INFO[rule.key].name,
          outcome: disabled ? ('disabled' as const) : outcome.outcome,
          reason: violated ? outcome.action.description : outcome.reason,
          evidence: outcome.evidence,
          recommendation_id: violated ? bodyOf(input, rule.key, outcome, null).id : null,
        };
      });
      const others = RULES.filter((rule) => !rule.kinds.includes(r.kind)).map((rule) => ({
        rule_key: rule.key,
        rule_name: RECOMMENDATION_TYPE_INFO[rule.key].name,
        outcome: 'not-applicable' as const,
        reason: `Checks ${rule.kinds.join(', ')} only.`,
        evidence: null,
        recommendation_id: null,
      }));
      return {
        project_id: r.projectId,
        account_id: r.accountId,
        region: r.region,
        resource_kind: r.kind,
        resource_id: r.id,
        resource_name: r.name,
        evaluated_at: at.toISOString(),
        checks: [...checks, ...others],
      };
    },

    /** Queues an evaluation of the caller's (chosen) projects now. */
    async evaluateNow(caller: ClientCaller, projectIds: readonly string[] | undefined) {
      const scope = await scopes.requested(caller, projectIds);
      const at = now();
      const ids: string[] = [];
      for (const projectId of scope.projectIds) {
        const id = await enqueueRecommendationEvaluation(deps.db, { projectId, trigger: 'manual' }, at);
        if (id !== null) ids.push(id);
      }
      return { job_ids: ids, status: 'queued' as const };
    },
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
