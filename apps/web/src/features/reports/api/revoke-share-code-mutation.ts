import { REPORT_PATHS } from '@finlens/contracts/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys, reportPath } from './keys';

/** DELETE /c/cost_page/reports/{id}/share_code/ — revokes the link (204). */
export function useRevokeShareCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(reportPath(REPORT_PATHS.shareCode, id), z.undefined(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
