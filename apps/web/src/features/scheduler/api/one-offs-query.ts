import { oneOffSchema, SCHEDULER_PATHS } from '@finlens/contracts/scheduler';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { IN_FLIGHT_POLL_MS, schedulerKeys } from './keys';

const oneOffListSchema = z.object({ results: z.array(oneOffSchema) });

/**
 * GET /c/scheduler/one_off_actions/ — one-off actions of the caller's projects, newest first; asked again every few
 * seconds while one is not done yet (the scheduler acts on its next tick), and on focus.
 */
export function useOneOffs() {
  return useQuery({
    queryKey: schedulerKeys.oneOffs(),
    queryFn: ({ signal }) => apiRequest(SCHEDULER_PATHS.oneOffs, oneOffListSchema, { signal }),
    refetchInterval: (query) =>
      query.state.data?.results.some((o) => o.done_at === null) ? IN_FLIGHT_POLL_MS : false,
    refetchOnWindowFocus: true,
  });
}
