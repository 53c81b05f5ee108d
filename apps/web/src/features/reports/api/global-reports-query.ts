import { globalReportListSchema, REPORT_PATHS } from '@finlens/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** GET /c/cost_page/reports/global_reports/ — the built-in templates every client can open and copy. */
export function useGlobalReports() {
  return useQuery({
    queryKey: reportKeys.globals(),
    queryFn: ({ signal }) => apiRequest(REPORT_PATHS.globalReports, globalReportListSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}
