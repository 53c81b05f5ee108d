import { REPORT_PATHS, reportListSchema } from '@finlens/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** GET /c/cost_page/reports/?share_code= — the one report a share link opens, read-only (404 when revoked). */
export function useSharedReport(code: string | null) {
  return useQuery({
    queryKey: [...reportKeys.all, 'shared', code ?? ''],
    queryFn: ({ signal }) =>
      apiRequest(REPORT_PATHS.list, reportListSchema, { query: { share_code: code ?? '' }, signal }),
    enabled: code !== null,
    select: (reports) => reports[0] ?? null,
  });
}
