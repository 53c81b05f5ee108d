import { SHOWBACK_PATHS } from '@finlens/contracts/showbacks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';
import { NO_CONTENT, path } from './requests';

export function useMoveRule(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (move: { rule_id: string; target_rule_id: string | null }) =>
      apiRequest(path(SHOWBACK_PATHS.moveBeforeRule, { id }), NO_CONTENT, { method: 'POST', body: move }),
    onSettled: invalidate,
  });
}
