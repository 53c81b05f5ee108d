import { workloadKey } from '@finlens/cost-model/recommendations/container-rules';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { EvaluationTrigger } from './recommendations.tables';

const CHUNK = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const dated = (r: {
  id: string;
  project_id: string;
  rule_key: string;
  body: Record<string, unknown>;
  first_seen_at: Date | string;
  evaluated_at: Date | string;
  resolved_at: Date | string | null;
}): StoredRecommendation => ({
  ...r,
  first_seen_at: iso(r.first_seen_at),
  evaluated_at: iso(r.evaluated_at),
  resolved_at: r.resolved_at === null ? null : iso(r.resolved_at),
});

/** A finding of one evaluation, ready to store. */
export interface FoundRow {
  id: string;
  ruleKey: string;
  accountId: string;
  region: string;
  resourceId: string;
  resourceName: string | null;
  saving: number;
  onDemandSaving: number;
  body: Record<string, unknown>;
  /** The resource's newest inventory change ({ change, recorded_at, fields }), or null. */
  cause: unknown;
}

export interface StoredRecommendation {
  id: string;
  project_id: string;
  rule_key: string;
  body: Record<string, unknown>;
  first_seen_at: string;
  evaluated_at: string;
  resolved_at: string | null;
}

/** Storage of rule settings, evaluations, findings and their history; no rules here. */
export function createRecommendationsRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async clientOf(projectId: string): Promise<string | null> {
      const row = await db
        .selectFrom('projects')
        .select('client_id')
        .where('id', '=', projectId)
        .executeTakeFirst();
      return row?.client_id ?? null;
    },

    async projectsOf(clientId: string): Promise<string[]> {
      const rows = await db.selectFrom('projects').select('id').where('client_id', '=', clientId).execute();
      return rows.map((r) => r.id);
    },

    /** Projects with collected resources (an import re-prices their findings). */
    async projectsWithInventory(): Promise<string[]> {
      const rows = await db
        .selectFrom('inventory_resources as r')
        .select('r.project_id')
        .distinct()
        .execute();
      return rows.map((r) => r.project_id);
    },

    async settings(clientId: string) {
      return db.selectFrom('rule_settings').selectAll().where('client_id', '=', clientId).execute();
    },

    async saveSetting(args: {
      clientId: string;
      ruleKey: string;
      enabled: boolean;
      thresholds: Record<string, number>;
      by: string;
      at: Date;
    }): Promise<void> {
      const values = {
        client_id: args.clientId,
        rule_key: args.ruleKey,
        enabled: args.enabled,
        thresholds: JSON.stringify(args.thresholds),
        updated_at: args.at,
        updated_by: args.by,
      };
      await db
        .insertInto('rule_settings')
        .values(values)
        .onConflict((c) =>
          c.columns(['client_id', 'rule_key']).doUpdateSet({
            enabled: values.enabled,
            thresholds: values.thresholds,
            updated_at: values.updated_at,
            updated_by: values.updated_by,
          }),
        )
        .execute();
    },

    /** The project's current resources, whole. */
    async inventory(projectId: string) {
      return db
        .selectFrom('inventory_resources')
        .select(['account_id', 'region', 'kind', 'resource_id', 'name', 'state', 'resource', 'first_seen_at'])
        .where('project_id', '=', projectId)
        .execute();
    },

    /** The project's inventory changes, oldest first. */
    async changes(projectId: string) {
      return db
        .selectFrom('inventory_changes')
        .select(['account_id', 'kind', 'resource_id', 'change', 'fields', 'recorded_at'])
        .where('project_id', '=', projectId)
        .orderBy('recorded_at')
        .execute();
    },

    async lastEvaluationStart(projectId: string): Promise<Date | null> {
      const row = await db
        .selectFrom('rule_evaluations')
        .select('started_at')
        .where('project_id', '=', projectId)
        .orderBy('started_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? null : new Date(row.started_at);
    },

    async newestEvaluation(projectIds: readonly string[]) {
      if (projectIds.length === 0) return null;
      return (
        (await db
          .selectFrom('rule_evaluations')
          .selectAll()
          .where('project_id', 'in', projectIds)
          .orderBy('finished_at', 'desc')
          .limit(1)
          .executeTakeFirst()) ?? null
      );
    },

    /** Open findings (or all, resolved too) of the projects. */
    async recommendations(
      projectIds: readonly string[],
      options: { resolved?: boolean; ruleKey?: string } = {},
    ): Promise<StoredRecommendation[]> {
      if (projectIds.length === 0) return [];
      let query = db
        .selectFrom('recommendations')
        .select(['id', 'project_id', 'rule_key', 'body', 'first_seen_at', 'evaluated_at', 'resolved_at'])
        .where('project_id', 'in', projectIds);
      if (options.resolved !== true) query = query.where('resolved_at', 'is', null);
      if (options.ruleKey !== undefined) query = query.where('rule_key', '=', options.ruleKey);
      const rows = await query.execute();
      return rows.map(dated);
    },

    /**
     * The open findings' ids of a rule by account and resource id, keyed `<account>|<resource id>` (container
     * rightsizing: the workload's resource key, see workloadKey; same-named clusters in two accounts differ).
     */
    async openIdsByResource(projectIds: readonly string[], ruleKey: string): Promise<Map<string, string>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('recommendations')
        .select(['id', 'account_id', 'resource_id'])
        .where('project_id', 'in', projectIds)
        .where('rule_key', '=', ruleKey)
        .where('resolved_at', 'is', null)
        .execute();
      return new Map(rows.map((r) => [workloadKey(r.account_id, r.resource_id), r.id]));
    },

    async recommendation(projectIds: readonly string[], id: string): Promise<StoredRecommendation | null> {
      if (projectIds.length === 0) return null;
      const rows = await this.recommendationsByIds(projectIds, [id]);
      return rows[0] ?? null;
    },

    async recommendationsByIds(
      projectIds: readonly string[],
      ids: readonly string[],
    ): Promise<StoredRecommendation[]> {
      if (projectIds.length === 0 || ids.length === 0) return [];
      const rows = await db
        .selectFrom('recommendations')
        .select(['id', 'project_id', 'rule_key', 'body', 'first_seen_at', 'evaluated_at', 'resolved_at'])
        .where('project_id', 'in', projectIds)
        .where('id', 'in', ids)
        .execute();
      return rows.map(dated);
    },

    async events(
      projectIds: readonly string[],
      filter: {
        ruleKey?: string;
        event?: string;
        accountId?: string;
        resourceId?: string;
        recommendationId?: string;
      },
      page: { offset: number; limit: number },
    ) {
      if (projectIds.length === 0) return { count: 0, rows: [] };
      let query = db.selectFrom('violation_events').where('project_id', 'in', projectIds);
      if (filter.ruleKey !== undefined) query = query.where('rule_key', '=', filter.ruleKey);
      if (filter.event !== undefined) query = query.where('event', '=', filter.event as 'opened');
      if (filter.accountId !== undefined) query = query.where('account_id', '=', filter.accountId);
      if (filter.resourceId !== undefined) query = query.where('resource_id', '=', filter.resourceId);
      if (filter.recommendationId !== undefined)
        query = query.where('recommendation_id', '=', filter.recommendationId);
      const count = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
      const rows = await query
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      return { count: Number(count?.n ?? 0), rows };
    },

    async daily(projectIds: readonly string[], ruleKey: string, fromDay: string) {
      if (projectIds.length === 0) return [];
      return db
        .selectFrom('rule_daily')
        .select((eb) => [
          eb.cast<string>('day', 'text').as('day'),
          eb.fn.sum<number>('open_violations').as('open_violations'),
          eb.fn.sum<number>('cost_at_stake').as('cost_at_stake'),
        ])
        .where('project_id', 'in', projectIds)
        .where('rule_key', '=', ruleKey)
        .where('day', '>=', fromDay)
        .groupBy('day')
        .orderBy('day')
        .execute();
    },

    /**
     * Stores one evaluation whole: new findings open (or reopen), changed savings are recorded, findings no
     * longer found resolve, and each rule's open count and cost at stake is kept for the day.
     */
    async saveEvaluation(args: {
      projectId: string;
      trigger: EvaluationTrigger;
      startedAt: Date;
      finishedAt: Date;
      resources: number;
      found: readonly FoundRow[];
      causes: ReadonlyMap<string, unknown>;
      ruleKeys: readonly string[];
    }): Promise<string> {
      const { projectId, finishedAt: at } = args;
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('recommendations')
          .select([
            'id',
            'estimated_monthly_saving',
            'resolved_at',
            'rule_key',
            'account_id',
            'region',
            'resource_id',
            'body',
          ])
          .where('project_id', '=', projectId)
          .execute();
        const known = new Map(before.map((r) => [r.id, r]));
        const events: Insertable<AppTables['violation_events']>[] = [];
        const event = (
          f: Pick<FoundRow, 'id' | 'ruleKey' | 'accountId' | 'region' | 'resourceId' | 'resourceName'>,
          kind: 'opened' | 'changed' | 'resolved',
          saving: number,
          previous: number | null,
          cause: unknown,
        ) =>
          events.push({
            recommendation_id: f.id,
            project_id: projectId,
            rule_key: f.ruleKey,
            event: kind,
            at,
            account_id: f.accountId,
            region: f.region,
            resource_id: f.resourceId,
            resource_name: f.resourceName,
            estimated_monthly_saving: saving,
            previous_monthly_saving: previous,
            cause: cause === undefined ? null : JSON.stringify(cause),
          });
        const upserts = [];
        for (const f of args.found) {
          const old = known.get(f.id);
          const open = old !== undefined && old.resolved_at === null;
          if (!open) event(f, 'opened', f.saving, null, f.cause);
          else if (
            Math.abs(old.estimated_monthly_saving - f.saving) >=
            Math.max(0.01, 0.01 * Math.abs(old.estimated_monthly_saving))
          )
            event(f, 'changed', f.saving, old.estimated_monthly_saving, f.cause);
          upserts.push({
            id: f.id,
            project_id: projectId,
            rule_key: f.ruleKey,
            account_id: f.accountId,
            region: f.region,
            resource_id: f.resourceId,
            estimated_monthly_saving: f.saving,
            on_demand_monthly_saving: f.onDemandSaving,
            body: JSON.stringify(f.body),
            first_seen_at: at,
            evaluated_at: at,
            resolved_at: null,
          });
        }
        const foundIds = new Set(args.found.map((f) => f.id));
        const resolved = before.filter((r) => r.resolved_at === null && !foundIds.has(r.id));
        for (const r of resolved) {
          const body = r.body as Record<string, unknown>;
          event(
            {
              id: r.id,
              ruleKey: r.rule_key,
              accountId: r.account_id,
              region: r.region,
              resourceId: r.resource_id,
              resourceName: (body.resource_name as string | null) ?? null,
            },
            'resolved',
            0,
            r.estimated_monthly_saving,
            args.causes.get(`${r.account_id}|${r.resource_id}`),
          );
        }
        for (const batch of chunks(upserts))
          await trx
            .insertInto('recommendations')
            .values(batch)
            .onConflict((c) =>
              c.column('id').doUpdateSet((eb) => ({
                estimated_monthly_saving: eb.ref('excluded.estimated_monthly_saving'),
                on_demand_monthly_saving: eb.ref('excluded.on_demand_monthly_saving'),
                body: eb.ref('excluded.body'),
                // An open finding keeps the day it opened; a resolved one that comes back opens again.
                first_seen_at: sql`CASE WHEN recommendations.resolved_at IS NULL THEN recommendations.first_seen_at ELSE excluded.first_seen_at END`,
                evaluated_at: eb.ref('excluded.evaluated_at'),
                resolved_at: null,
              })),
            )
            .execute();
        for (const batch of chunks(resolved.map((r) => r.id)))
          await trx
            .updateTable('recommendations')
            .set({ resolved_at: at })
            .where('id', 'in', batch)
            .execute();
        for (const batch of chunks(events)) await trx.insertInto('violation_events').values(batch).execute();
        const day = iso(at).slice(0, 10);
        const perRule = new Map(args.ruleKeys.map((k) => [k, { n: 0, cost: 0 }]));
        for (const f of args.found) {
          const t = perRule.get(f.ruleKey) ?? { n: 0, cost: 0 };
          t.n += 1;
          t.cost += f.saving;
          perRule.set(f.ruleKey, t);
        }
        const daily = [...perRule].map(([rule_key, t]) => ({
          project_id: projectId,
          rule_key,
          day,
          open_violations: t.n,
          cost_at_stake: t.cost,
        }));
        if (daily.length > 0)
          await trx
            .insertInto('rule_daily')
            .values(daily)
            .onConflict((c) =>
              c.columns(['project_id', 'rule_key', 'day']).doUpdateSet((eb) => ({
                open_violations: eb.ref('excluded.open_violations'),
                cost_at_stake: eb.ref('excluded.cost_at_stake'),
              })),
            )
            .execute();
        const row = await trx
          .insertInto('rule_evaluations')
          .values({
            project_id: projectId,
            trigger: args.trigger,
            started_at: args.startedAt,
            finished_at: at,
            resources: args.resources,
            violations: args.found.length,
            duration_ms: at.getTime() - args.startedAt.getTime(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },
  };
}

export type RecommendationsRepo = ReturnType<typeof createRecommendationsRepo>;
