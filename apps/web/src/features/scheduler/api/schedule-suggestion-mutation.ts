import {
  SCHEDULER_PATHS,
  type ScheduleSuggestionInput,
  scheduleSuggestionSchema,
} from '@finlens/contracts/scheduler';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /c/scheduler/suggestion/ — running hours suggested from the draft's resources' usage (asked on demand). */
export function useScheduleSuggestion() {
  return useMutation({
    mutationFn: (body: Partial<ScheduleSuggestionInput>) =>
      apiRequest(SCHEDULER_PATHS.suggestion, scheduleSuggestionSchema, { method: 'POST', body }),
  });
}
