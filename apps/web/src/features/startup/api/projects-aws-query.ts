import { ADMIN_PATHS, projectListSchema } from '@finlens/contracts/admin';
import { apiRequest } from '../../../lib/api-client';

/** GET /c/admin/projectaws/ — the active client's AWS projects. */
export function fetchProjectsAws(signal?: AbortSignal) {
  return apiRequest(ADMIN_PATHS.projectsAws, projectListSchema, { signal });
}
