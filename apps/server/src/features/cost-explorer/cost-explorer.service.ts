import type {
  DimensionCatalogue,
  DimensionDailyCostResult,
  DimensionKeys,
  DimensionKeysParams,
  DimensionValues,
  DimensionValuesParams,
} from '@finlens/contracts/cost-explorer';
import {
  COST_DIMENSIONS,
  type CostQuery,
  DIMENSION_GROUPS,
  GRANULARITIES,
  hourlyRangeMessage,
  isKeyedDimension,
  TOP_N_MAX,
} from '@finlens/contracts/cost-query';
import { COST_DIMENSION_CATALOGUE, DIMENSION_LABELS } from '@finlens/cost-model/cost-dimensions';
import {
  allowedGranularities,
  beyondHourlyLimit,
  type GranularityContext,
  granularityUsed,
  hourlyMonths,
} from '@finlens/cost-model/granularity';
import { matchForwardPreset } from '@finlens/cost-model/range-presets';
import { utcDay } from '@finlens/cost-model/utc-calendar';
import type { ClientCaller } from '../../platform/auth/caller';
import { createResultCache, entityTag, seriesAnswerBytes } from '../../platform/cache/result-cache';
import { fieldError } from '../../platform/http/http-error';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import { type CostScopes, type ReadScope, scopeDataVersion } from '../../warehouse/cost-scope';
import { forecastSpan, historySpan, historyWithin, withForecast, withoutForecast } from './cost-forecast';

/** The Explorer's cost_page calls (design in @finlens/contracts/cost-explorer). */
export function createCostExplorerService({
  scopes,
  warehouse,
  now = () => new Date(),
  cacheEntries = 500,
}: {
  scopes: CostScopes;
  warehouse: CostQueryPort;
  /** The clock that decides "today" (UTC); tests fix it. */
  now?: () => Date;
  /** Answers the result cache keeps (least recently used dropped first). */
  cacheEntries?: number;
}) {
  function granularityContext(caller: ClientCaller, range: { start_date: string; end_date: string }) {
    const today = now();
    return {
      ...range,
      internal: caller.internal,
      forward: matchForwardPreset(range, today),
      today: utcDay(today),
    } satisfies GranularityContext;
  }

  const answers = createResultCache<DimensionDailyCostResult>({
    maxEntries: cacheEntries,
    // Bytes kept in all: the answers, their JSON texts and compressed copies (`keptWith`). One hourly answer of
    // 500 groups over 6 months holds ≈ 4.4M cells (costs and forecast parts): ~35 MB, its text as much again.
    maxWeight: 160_000_000,
    weigh: seriesAnswerBytes,
  });

  const service = {
    /**
     * Counts `bytes` made from a kept answer and kept as long as it (its JSON text, a compressed copy) in the result
     * cache's weight, so the cache drops answers by all the memory they hold.
     */
    keptWith(answer: DimensionDailyCostResult, bytes: number): void {
      answers.charge(answer, bytes);
    },

    /**
     * The answer of a cost question with its entity tag, from the result cache when the same client asked the same
     * question over the same data today (the key: client, scope and its data version, the caller's granularity
     * rights, today, the CostQuery). `answer` runs the query only on a miss, so a matching If-None-Match costs
     * one app-database read.
     */
    async dimensionDailyCostTagged(
      caller: ClientCaller,
      query: CostQuery,
      useRollups: boolean,
    ): Promise<{ etag: string; answer: () => Promise<DimensionDailyCostResult> }> {
      const scope = await scopes.requested(caller, query.project_ids);
      const key = JSON.stringify([
        caller.clientId,
        scopeDataVersion(scope),
        caller.internal,
        utcDay(now()),
        useRollups,
        query,
      ]);
      return {
        etag: entityTag(key),
        answer: () => answers.get(key, () => service.dimensionDailyCost(caller, query, useRollups, scope)),
      };
    },

    async dimensionDailyCost(
      caller: ClientCaller,
      query: CostQuery,
      useRollups: boolean,
      readScope?: ReadScope,
    ): Promise<DimensionDailyCostResult> {
      const ctx = granularityContext(caller, query);
      const decision = granularityUsed(query.granularity, ctx);
      if (!decision.ok) {
        const message =
          query.granularity === 'hour' && beyondHourlyLimit(ctx)
            ? hourlyRangeMessage(hourlyMonths(ctx.internal), decision.allowed)
            : `For this range choose one of: ${decision.allowed.join(', ')}.`;
        throw fieldError('granularity', [message]);
      }
      const scope = readScope ?? (await scopes.requested(caller, query.project_ids));
      const asked = { ...query, granularity: decision.used, ...scope, useRollups };
      const answer = await warehouse.runCostQuery(asked);
      const span = forecastSpan(query, answer.as_of);
      const base = {
        cost_type: query.cost_type,
        currency: answer.currency ?? 'USD',
        start_date: query.start_date,
        end_date: query.end_date,
        granularity_requested: query.granularity,
        granularity_used: decision.used,
        total: answer.total,
        source: answer.source,
        as_of: answer.as_of,
        allowed_granularities: allowedGranularities(ctx),
      };
      if (span === null || answer.as_of === null) return { ...base, ...(await withoutForecast(answer)) };
      // The answer itself when it is by day over the history; otherwise one by-day query (rollups plan it).
      const past = historySpan(answer.as_of);
      const history =
        historyWithin(answer, decision.used, past) ??
        (await warehouse.runCostQuery({ ...asked, ...past, granularity: 'day', top_n: TOP_N_MAX }));
      const forecasted = await withForecast({
        answer,
        granularity: decision.used,
        span,
        asOf: answer.as_of,
        history,
        topN: query.top_n,
      });
      return { ...base, ...forecasted };
    },

    async dimensionValues(caller: ClientCaller, request: DimensionValuesParams): Promise<DimensionValues> {
      const scope = await scopes.requested(caller, request.project_ids);
      const values = await warehouse.dimensionValues({
        ...scope,
        dimension: request.dimension,
        key: isKeyedDimension(request.dimension) ? request.key : undefined,
        search: request.search || undefined,
        from: request.start_date,
        to: request.end_date,
        limit: request.limit,
      });
      return { dimension: request.dimension, key: request.key ?? null, values };
    },

    async dimensionKeys(caller: ClientCaller, request: DimensionKeysParams): Promise<DimensionKeys> {
      const scope = await scopes.requested(caller, request.project_ids);
      const keys = await warehouse.dimensionKeys({
        ...scope,
        dimension: request.dimension,
        search: request.search || undefined,
        limit: request.limit,
      });
      return { dimension: request.dimension, keys };
    },

    dimensions(caller: ClientCaller, range: { start_date?: string; end_date?: string }): DimensionCatalogue {
      const { start_date, end_date } = range;
      return {
        groups: DIMENSION_GROUPS.map((name) => ({
          name,
          dimensions: COST_DIMENSIONS.filter((d) => COST_DIMENSION_CATALOGUE[d].group === name).map((d) => ({
            name: d,
            label: COST_DIMENSION_CATALOGUE[d].label,
            help: COST_DIMENSION_CATALOGUE[d].help,
            keyed: isKeyedDimension(d),
          })),
        })),
        dimension_labels: { ...DIMENSION_LABELS },
        granularities: [...GRANULARITIES],
        internal_user: caller.internal,
        allowed_granularities:
          start_date === undefined || end_date === undefined
            ? null
            : allowedGranularities(granularityContext(caller, { start_date, end_date })),
      };
    },
  };
  return service;
}

export type CostExplorerService = ReturnType<typeof createCostExplorerService>;
