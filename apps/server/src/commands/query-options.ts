import { COST_DIMENSIONS, type CostDimension, isKeyedDimension } from '@finlens/contracts/cost-query';
import { checkDateRange, QUERY_GRANULARITIES, type QueryGranularity } from '@finlens/cost-model/cost-query';
import { COST_TYPES, type CostType } from '../warehouse/canonical-schema';

/** A wrong option or a scope that cannot be resolved: the message says what to pass; exit code 2. */
export class QueryUsageError extends Error {
  readonly exitCode = 2;
  override readonly name = 'QueryUsageError';
}

export const QUERY_FORMATS = ['json', 'table'] as const;

/** What commander hands over: every option as typed on the command line. */
export interface RawQueryOptions {
  from: string;
  to: string;
  client?: string;
  project?: string;
  groupBy?: string;
  granularity: string;
  costType: string;
  format: string;
}

export interface QueryOptions {
  from: string;
  to: string;
  clientName: string | null;
  projectName: string | null;
  /** A catalogue dimension; `key` is the tag / label / cost-category key of a keyed one; `name` as typed. */
  groupBy: { name: string; dimension: CostDimension; key: string | null } | null;
  granularity: QueryGranularity;
  costType: CostType;
  format: (typeof QUERY_FORMATS)[number];
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new QueryUsageError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
}

/** Checks every option before anything is opened, so a typo never waits on the databases. */
export function parseQueryOptions(raw: RawQueryOptions): QueryOptions {
  const range = checkDateRange(raw.from, raw.to);
  if (!range.ok) throw new QueryUsageError(range.message);
  const groupBy = raw.groupBy === undefined ? null : parseGroupBy(raw.groupBy);
  return {
    from: range.from,
    to: range.to,
    clientName: raw.client ?? null,
    projectName: raw.project ?? null,
    groupBy,
    granularity: oneOf('--granularity', raw.granularity, QUERY_GRANULARITIES),
    costType: oneOf('--cost-type', raw.costType, COST_TYPES),
    format: oneOf('--format', raw.format, QUERY_FORMATS),
  };
}

/**
 * `--group-by DIMENSION`, or `--group-by DIMENSION:KEY` for the keyed ones (tag_keys:user_team,
 * label_keys:app, cost_allocation_tag_keys:business_unit).
 */
function parseGroupBy(text: string): NonNullable<QueryOptions['groupBy']> {
  const colon = text.indexOf(':');
  const name = colon < 0 ? text : text.slice(0, colon);
  const key = colon < 0 ? null : text.slice(colon + 1);
  const dimension = COST_DIMENSIONS.find((d) => d === name);
  if (dimension === undefined) {
    throw new QueryUsageError(
      `--group-by "${text}" is not a cost dimension; use one of: ${COST_DIMENSIONS.join(', ')}`,
    );
  }
  if (isKeyedDimension(dimension) && (key === null || key === '')) {
    throw new QueryUsageError(`--group-by ${dimension} needs a key: --group-by ${dimension}:KEY`);
  }
  if (!isKeyedDimension(dimension) && key !== null) {
    throw new QueryUsageError(`--group-by ${dimension} takes no key (only ${KEYED.join(', ')} do)`);
  }
  return { name: text, dimension, key };
}

const KEYED = COST_DIMENSIONS.filter(isKeyedDimension);
