import { oneOffSchema, SCHEDULER_PATHS } from '@finlens/contracts/scheduler';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

const oneOffListSchema = z.object({ results: z.array(oneOffSchema) });

/** GET /c/scheduler/one_off_actions/ — one-off actions of the caller's projects, newest first. */
export function useOneOffs() {
  return useQuery({
    queryKey: schedulerKeys.oneOffs(),
    queryFn: ({ signal }) => apiRequest(SCHEDULER_PATHS.oneOffs, oneOffListSchema, { signal }),
  });
}
