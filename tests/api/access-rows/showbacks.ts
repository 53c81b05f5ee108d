import { SHOWBACK_PATHS as P, showbackPath } from '@finlens/contracts/showbacks';
import type { AccessRow } from '../access-rows';
import { adminOnly, signedIn } from './persona-expectations';

/** A showback, rule, filter and combined value no client has: every signed-in persona that gets past the rule sees 404. */
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const path = (pattern: string, query = '') =>
  `${showbackPath(pattern, { id: UNKNOWN, ruleId: UNKNOWN, filterId: UNKNOWN, combinedId: UNKNOWN })}${query}`;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function row(
  method: Method,
  pattern: string,
  rule: 'verified' | 'admin',
  status: number,
  options: { query?: string; body?: unknown } = {},
): AccessRow {
  return {
    route: `${method} ${pattern}`,
    rule,
    request: () => ({
      path: path(pattern, options.query),
      ...(options.body === undefined ? {} : { body: options.body }),
    }),
    expect: rule === 'admin' ? adminOnly(status) : signedIn(status),
  };
}

/**
 * Showbacks: reads for verified users (value limits are the service's, covered in showbacks.test.ts), writes for
 * admins. Requests use an unknown id or an invalid body, so nothing lasts.
 */
export const showbacksAccessRows: AccessRow[] = [
  row('GET', P.list, 'verified', 200),
  row('POST', P.list, 'admin', 400, { body: {} }),
  row('POST', P.setActive, 'admin', 400, { body: {} }),
  row('GET', P.tagKeys, 'verified', 200),
  row('GET', P.costAllocationTagKeys, 'verified', 200),
  row('GET', P.one, 'verified', 404),
  row('PATCH', P.one, 'admin', 404, { body: {} }),
  row('DELETE', P.one, 'admin', 404),
  row('GET', P.valuesDailyCost, 'verified', 404),
  row('GET', P.dimensionDailyCost, 'verified', 404, { query: '?dimension=line_item_usage_type' }),
  row('POST', P.dimensionCosts, 'verified', 400, { body: {} }),
  row('GET', P.availableTagValues, 'verified', 404, { query: '?key=team' }),
  row('GET', P.availableLabelValues, 'verified', 404, { query: '?key=app' }),
  row('GET', P.availableCostAllocationTagValues, 'verified', 404, { query: '?key=unit' }),
  row('POST', P.combinedValues, 'admin', 400, { body: {} }),
  row('PUT', P.combinedValue, 'admin', 400, { body: {} }),
  row('DELETE', P.combinedValue, 'admin', 404),
  row('GET', P.allocationRules, 'verified', 404),
  row('POST', P.allocationRules, 'admin', 400, { body: {} }),
  row('PATCH', P.allocationRule, 'admin', 404, { body: {} }),
  row('DELETE', P.allocationRule, 'admin', 404),
  row('POST', P.deleteRulesById, 'admin', 400, { body: {} }),
  row('POST', P.moveBeforeRule, 'admin', 400, { body: {} }),
  row('POST', P.previewRule, 'verified', 400, { body: {} }),
  row('GET', P.ruleResources, 'verified', 404),
  row('GET', P.unallocatedResources, 'verified', 404),
  row('GET', P.valueResources, 'verified', 404),
  row('GET', P.dimensionFilters, 'admin', 404),
  row('POST', P.dimensionFilters, 'admin', 400, { body: {} }),
  row('PATCH', P.dimensionFilter, 'admin', 400, { body: {} }),
  row('DELETE', P.dimensionFilter, 'admin', 404),
  row('GET', P.dailyUnits, 'verified', 404),
  row('POST', P.dailyUnits, 'admin', 400, { body: {} }),
  row('GET', P.valueAccess, 'admin', 404),
  row('PUT', P.valueAccess, 'admin', 400, { body: {} }),
];
