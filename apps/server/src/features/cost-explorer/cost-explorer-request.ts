import { type CostQuery, costQuerySchema, paramsToCostQuery } from '@finlens/contracts/cost-query';
import { fieldError } from '../../platform/http/http-error';

/** A dimension_daily_cost request as the service runs it. */
export interface CostRequest {
  query: CostQuery;
  /** use_query_optimization=false answers from the raw line items (spec §7). */
  useRollups: boolean;
}

/** The flat wire keys (GET query string or flat POST body) → CostQuery; a bad key is a 400 naming it. */
export function costRequestFromParams(params: Record<string, unknown>): CostRequest {
  const parsed = paramsToCostQuery(params);
  if (!parsed.ok) throw fieldError(parsed.field, [parsed.message]);
  return { query: parsed.query, useRollups: useRollups(params.use_query_optimization) };
}

/** A POST body: `{ query: CostQuery }` (structured filters) or the flat wire keys. */
export function costRequestFromBody(body: Record<string, unknown>): CostRequest {
  if (!('query' in body)) return costRequestFromParams(body);
  const parsed = costQuerySchema.safeParse(body.query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = ['query', ...(issue?.path ?? []).map(String)].join('.');
    throw fieldError(field, [issue?.message ?? 'Invalid query.']);
  }
  return { query: parsed.data, useRollups: useRollups(body.use_query_optimization) };
}

function useRollups(flag: unknown): boolean {
  if (flag === undefined || flag === true || flag === 'true') return true;
  if (flag === false || flag === 'false') return false;
  throw fieldError('use_query_optimization', ["Send 'true' or 'false'."]);
}
