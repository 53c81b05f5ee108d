import { REPORT_PATHS, type ReportRecipients, sendReportResultSchema } from '@finlens/contracts/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys, reportPath } from './keys';

/** POST /c/cost_page/reports/{id}/send/ — "send now" (202, one email job); without recipients the schedule's. */
export function useSendReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, recipients }: { id: string; recipients?: ReportRecipients }) =>
      apiRequest(reportPath(REPORT_PATHS.send, id), sendReportResultSchema, {
        method: 'POST',
        body: recipients === undefined ? {} : { recipients },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
