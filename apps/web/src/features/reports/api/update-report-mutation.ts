import { REPORT_PATHS, type ReportUpdate, reportSchema } from '@finlens/contracts/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys, reportPath } from './keys';

/** PATCH /c/cost_page/reports/{id}/ — rename, hide, share with the client, schedule (`schedule: null` removes it). */
export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReportUpdate }) =>
      apiRequest(reportPath(REPORT_PATHS.byId, id), reportSchema, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
