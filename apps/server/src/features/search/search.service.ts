import type { CostFilter } from '@finlens/contracts/cost-query';
import { TOP_N_MAX } from '@finlens/contracts/cost-query';
import {
  type AutoCompleteResult,
  FACET_KEYS,
  type FacetBucket,
  type FacetKey,
  SCOPE_SOURCES,
  SEARCH_KEY_DIMENSIONS,
  type SearchFilters,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
} from '@finlens/contracts/search';
import { spendWindows } from '@finlens/cost-model/spend-windows';
import type { ClientCaller } from '../../platform/auth/caller';
import type { WarehouseCostQuery } from '../../warehouse/cost-query/cost-query-port';
import type { CostScopes } from '../../warehouse/cost-scope';
import type { CostStore } from '../../warehouse/cost-store';
import {
  type HitSource,
  hitsOfAnswer,
  hitsOfValues,
  pageByCost,
  parseTagQuery,
  rankSuggestions,
} from './search-hits';

type PlainScope = Exclude<keyof typeof SCOPE_SOURCES, 'tags'>;
const PLAIN_SCOPES: PlainScope[] = ['resources', 'accounts', 'services', 'regions'];
const TAG_SOURCE = (tagKey: string): HitSource => ({ kind: 'tag', dimension: 'tag_keys', tagKey });
/** Tag keys a search or suggestion looks into. */
const TAG_KEYS_SEARCHED = 5;
const FACET_SIZE = 10;

interface Range {
  from: string;
  to: string;
}
/** The warehouse scope of a search: the client, its projects in reach, their names. */
interface Scope {
  clientId: string;
  projectIds: string[];
  projectNames: Record<string, string>;
}
type RangedScope = Scope & { range: Range };

/** Global search over the caller's client's cost data (design in @finlens/contracts/search). */
export function createSearchService({
  scopes,
  warehouse,
  now = () => new Date(),
}: {
  scopes: CostScopes;
  warehouse: Pick<CostStore, 'runCostQuery' | 'dimensionValues' | 'dimensionKeys'>;
  /** The clock that decides "the last 31 days" (UTC); tests fix it. */
  now?: () => Date;
}) {
  /** The caller's projects (project.id: those, else a 404), narrowed by the cloud type. */
  async function projectScope(
    caller: ClientCaller,
    filters: SearchFilters,
    cloudType?: string,
  ): Promise<Scope> {
    const { projects, ...scope } = await scopes.requested(caller, filters['project.id']);
    const clouds = filters['cloud_type.keyword'];
    const inReach = projects
      .filter((project) => clouds === undefined || clouds.includes(project.cloudType))
      .filter((project) => cloudType === undefined || project.cloudType === cloudType);
    return { ...scope, projectIds: inReach.map((project) => project.id) };
  }

  /** One cost query over the range by the given dimension: the top `topN` groups. */
  function costBy(
    { range, ...scope }: RangedScope,
    dimension: WarehouseCostQuery['dimension'],
    filters: CostFilter[],
    topN: number,
    dimensionKey?: string,
  ) {
    return warehouse.runCostQuery({
      ...scope,
      useRollups: true,
      start_date: range.from,
      end_date: range.to,
      granularity: 'day',
      dimension,
      ...(dimensionKey === undefined ? {} : { dimension_key: dimensionKey }),
      cost_type: 'unblended',
      filters,
      top_n: topN,
    });
  }

  async function suggestTags(scope: Scope, query: string, range: Range, limit: number) {
    const tag = parseTagQuery(query);
    const keys =
      tag.key !== null
        ? [tag.key]
        : await warehouse.dimensionKeys({ ...scope, dimension: 'tag_keys', search: tag.keySearch, limit: 3 });
    const lists = await Promise.all(
      keys.map(async (key) =>
        hitsOfValues(
          TAG_SOURCE(key),
          await warehouse.dimensionValues({
            ...scope,
            dimension: 'tag_keys',
            key,
            ...(tag.valueSearch === '' ? {} : { search: tag.valueSearch }),
            from: range.from,
            to: range.to,
            limit,
          }),
        ),
      ),
    );
    return lists.flat();
  }

  return {
    async autoComplete(
      caller: ClientCaller,
      { query, limit }: { query: string; limit: number },
    ): Promise<AutoCompleteResult> {
      const range = spendWindows(now()).interval;
      const base = { query, start_date: range.from, end_date: range.to };
      const scope = await projectScope(caller, {});
      if (scope.projectIds.length === 0) return { ...base, suggestions: [] };
      const plain = PLAIN_SCOPES.flatMap((name) =>
        SCOPE_SOURCES[name].dimensions.map(async (dimension) =>
          hitsOfValues(
            { kind: SCOPE_SOURCES[name].kind, dimension, tagKey: null },
            await warehouse.dimensionValues({
              ...scope,
              dimension,
              search: query,
              from: range.from,
              to: range.to,
              limit,
            }),
          ),
        ),
      );
      const lists = await Promise.all([...plain, suggestTags(scope, query, range, limit)]);
      return { ...base, suggestions: rankSuggestions(lists.flat(), query, limit) };
    },

    async search(caller: ClientCaller, query: SearchQuery): Promise<SearchResult> {
      const range =
        query.start_date !== undefined && query.end_date !== undefined
          ? { from: query.start_date, to: query.end_date }
          : spendWindows(now()).interval;
      const filters = query.filters ?? {};
      const facetKeys = query.aggregations ?? [];
      const empty: SearchResult = {
        q: query.q,
        scope: query.scope,
        start_date: range.from,
        end_date: range.to,
        currency: 'USD',
        offset: query.offset,
        limit: query.limit,
        total: 0,
        hits: [],
        facets: Object.fromEntries(facetKeys.map((key) => [key, []])),
      };
      const projects = await projectScope(caller, filters, query.cloud_type);
      if (projects.projectIds.length === 0) return empty;
      const scope = { ...projects, range };
      const needle = query.q.replaceAll('*', '').trim();
      const valueFilters = dimensionFilters(filters);
      const window = query.offset + query.limit;
      const likeOn = (dimension: CostFilter['dimension']): CostFilter[] =>
        needle === ''
          ? valueFilters
          : [...valueFilters, { dimension, mode: 'like', values: [needle] } as CostFilter];

      const plainScopes =
        query.scope === 'all' ? PLAIN_SCOPES : PLAIN_SCOPES.filter((name) => name === query.scope);
      const plain = plainScopes.flatMap((name) =>
        SCOPE_SOURCES[name].dimensions.map(async (dimension) => {
          const answer = await costBy(scope, dimension, likeOn(dimension), window);
          return {
            ...hitsOfAnswer({ kind: SCOPE_SOURCES[name].kind, dimension, tagKey: null }, answer),
            currency: answer.currency,
          };
        }),
      );
      const tags =
        query.scope === 'all' || query.scope === 'tags'
          ? [searchTags(scope, needle, valueFilters, window)]
          : [];
      const lists = await Promise.all([...plain, ...tags]);
      const facets = await facetsOf(
        scope,
        facetKeys,
        plainScopes.length === 1 && query.scope !== 'all'
          ? likeOn(SCOPE_SOURCES[query.scope as PlainScope].dimensions[0])
          : valueFilters,
      );
      return {
        ...empty,
        currency: lists.find((list) => list.currency !== null)?.currency ?? 'USD',
        total: lists.reduce((sum, list) => sum + list.count, 0),
        hits: pageByCost(
          lists.map((list) => list.hits),
          query.offset,
          query.limit,
        ),
        facets,
      };
    },
  };

  async function searchTags(
    scope: RangedScope,
    needle: string,
    filters: CostFilter[],
    window: number,
  ): Promise<{ hits: SearchHit[]; count: number; currency: string | null }> {
    const tag = parseTagQuery(needle);
    const keys =
      tag.key !== null
        ? [tag.key]
        : await warehouse.dimensionKeys({
            clientId: scope.clientId,
            projectIds: scope.projectIds,
            projectNames: scope.projectNames,
            dimension: 'tag_keys',
            ...(tag.keySearch === '' ? {} : { search: tag.keySearch }),
            limit: TAG_KEYS_SEARCHED,
          });
    const valueSearch = tag.valueSearch.toLowerCase();
    const answers = await Promise.all(
      keys.map(async (key) => {
        const answer = await costBy(scope, 'tag_keys', filters, valueSearch === '' ? window : TOP_N_MAX, key);
        const found = hitsOfAnswer(TAG_SOURCE(key), answer);
        if (valueSearch === '') return found;
        // Values are searched among the key's top values: the compiler has no contains filter on tag values.
        const hits = found.hits.filter((hit) => hit.value.toLowerCase().includes(valueSearch));
        return { hits, count: hits.length };
      }),
    );
    return {
      hits: answers.flatMap((answer) => answer.hits),
      count: answers.reduce((sum, answer) => sum + answer.count, 0),
      currency: null,
    };
  }

  async function facetsOf(
    scope: RangedScope,
    keys: FacetKey[],
    filters: CostFilter[],
  ): Promise<Partial<Record<FacetKey, FacetBucket[]>>> {
    const entries = await Promise.all(
      keys.map(async (key) => {
        const answer = await costBy(scope, SEARCH_KEY_DIMENSIONS[key], filters, FACET_SIZE);
        const { hits } = hitsOfAnswer(
          { kind: 'service', dimension: SEARCH_KEY_DIMENSIONS[key], tagKey: null },
          answer,
        );
        return [key, hits.map((hit) => ({ value: hit.value, label: hit.label, cost: hit.cost }))] as const;
      }),
    );
    return Object.fromEntries(entries);
  }
}

/** The search keys that are cost dimensions, as include filters (project and cloud keys narrow projects). */
function dimensionFilters(filters: SearchFilters): CostFilter[] {
  return FACET_KEYS.flatMap((key) => {
    const values = filters[key];
    return values === undefined
      ? []
      : [{ dimension: SEARCH_KEY_DIMENSIONS[key], mode: 'include' as const, values }];
  });
}

export type SearchService = ReturnType<typeof createSearchService>;
