import { ADMIN_PATHS, clientStatusSchema } from '@finlens/contracts/admin';
import { apiRequest } from '../../../lib/api-client';

/** GET /c/admin/status/ — where the active client stands on its way to data. */
export function fetchStatus(signal?: AbortSignal) {
  return apiRequest(ADMIN_PATHS.status, clientStatusSchema, { signal });
}
