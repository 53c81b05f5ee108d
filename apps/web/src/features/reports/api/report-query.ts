import { REPORT_PATHS, reportSchema } from '@finlens/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys, reportPath } from './keys';

/** GET /c/cost_page/reports/{id}/ — one report the caller can see (null id: no call). */
export function useReport(id: string | null) {
  return useQuery({
    queryKey: reportKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiRequest(reportPath(REPORT_PATHS.byId, id ?? ''), reportSchema, { signal }),
    enabled: id !== null,
  });
}
