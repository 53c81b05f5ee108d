import { ADMIN_PATHS, projectListSchema } from '@finlens/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /c/admin/projectaws/ — the active client's AWS projects. */
export function fetchProjectsAws(signal?: AbortSignal) {
  return apiRequest(ADMIN_PATHS.projectsAws, projectListSchema, { signal });
}

/** The AWS projects from the start-up chain's cache entry. */
export function useProjectsAws() {
  return useQuery({ queryKey: adminKeys.projectsAws(), queryFn: ({ signal }) => fetchProjectsAws(signal) });
}
