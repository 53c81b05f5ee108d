import { REPORT_PATHS, reportListSchema } from '@finlens/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** GET /c/cost_page/reports/?is_hidden= — the caller's reports and the client's shared ones (hidden or not). */
export function useReports(hidden: boolean) {
  return useQuery({
    queryKey: reportKeys.list(hidden),
    queryFn: ({ signal }) =>
      apiRequest(REPORT_PATHS.list, reportListSchema, {
        query: { is_hidden: String(hidden), imply_client: 'true' },
        signal,
      }),
  });
}
