import { SHOWBACK_PATHS } from '@finlens/contracts/showbacks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';
import { NO_CONTENT, path } from './requests';

export function useDeleteRules(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (ruleIds: string[]) =>
      apiRequest(path(SHOWBACK_PATHS.deleteRulesById, { id }), NO_CONTENT, {
        method: 'POST',
        body: { allocation_rule_ids: ruleIds },
      }),
    onSuccess: invalidate,
  });
}
