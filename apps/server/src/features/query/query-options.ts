import {
  checkDateRange,
  dimensionColumn,
  QUERY_DIMENSION_NAMES,
  QUERY_GRANULARITIES,
  type QueryGranularity,
} from '@finlens/cost-model/cost-query';
import { COST_TYPES, type CostType } from '../../warehouse/canonical-schema';

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
  /** The spec's dimension name (shown) and the canonical column it groups by. */
  groupBy: { dimension: string; column: string } | null;
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
  let groupBy: QueryOptions['groupBy'] = null;
  if (raw.groupBy !== undefined) {
    const column = dimensionColumn(raw.groupBy);
    if (column === null) {
      throw new QueryUsageError(
        `--group-by "${raw.groupBy}" is not a cost dimension; use one of: ${QUERY_DIMENSION_NAMES.join(', ')}`,
      );
    }
    groupBy = { dimension: raw.groupBy, column };
  }
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
