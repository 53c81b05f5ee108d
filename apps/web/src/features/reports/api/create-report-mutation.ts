import { REPORT_PATHS, type ReportCreate, reportSchema } from '@finlens/contracts/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** POST /c/cost_page/reports/ — create (also "duplicate" and "copy a template"); answers the new report. */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportCreate) => apiRequest(REPORT_PATHS.list, reportSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
