import { chargebackPath, CHARGEBACK_PATHS as P } from '@finlens/contracts/chargebacks';
import type { AccessRow } from '../access-rows';
import { adminOnly, signedIn } from './persona-expectations';

/** A statement no client has: every signed-in persona that gets past the rule sees 404. */
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

function row(
  method: 'GET' | 'POST',
  pattern: string,
  rule: 'verified' | 'admin',
  status: number,
  body?: unknown,
): AccessRow {
  return {
    route: `${method} ${pattern}`,
    rule,
    request: () => ({ path: chargebackPath(pattern, UNKNOWN), ...(body === undefined ? {} : { body }) }),
    expect: rule === 'admin' ? adminOnly(status) : signedIn(status),
  };
}

/**
 * Chargebacks: reads for verified users (value limits are the service's, covered in chargebacks.test.ts), writes
 * for admins. Requests use an unknown id or an invalid body, so nothing lasts.
 */
export const chargebacksAccessRows: AccessRow[] = [
  row('POST', P.preview, 'verified', 400, {}),
  row('GET', P.statements, 'verified', 200),
  row('POST', P.statements, 'admin', 400, {}),
  row('GET', P.statement, 'verified', 404),
  row('POST', P.issue, 'admin', 404),
  row('POST', P.reissue, 'admin', 404),
  row('POST', P.void, 'admin', 400, {}),
  row('GET', P.csv, 'verified', 404),
  row('GET', P.pdf, 'verified', 404),
];
