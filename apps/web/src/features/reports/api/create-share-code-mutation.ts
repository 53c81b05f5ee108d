import { REPORT_PATHS, shareCodeSchema } from '@finlens/contracts/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys, reportPath } from './keys';

/** POST /c/cost_page/reports/{id}/share_code/ — a new share link (replaces an earlier one). */
export function useCreateShareCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(reportPath(REPORT_PATHS.shareCode, id), shareCodeSchema, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
