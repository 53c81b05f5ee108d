import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the cost targets; any change invalidates `all` (status, plan and burn-down move together). */
export const targetKeys = {
  all: ['cost-targets'] as const,
  list: () => [...targetKeys.all, 'list'] as const,
  one: (id: string) => [...targetKeys.all, 'one', id] as const,
  plannings: (id: string) => [...targetKeys.all, 'plannings', id] as const,
  history: (id: string) => [...targetKeys.all, 'history', id] as const,
  alerts: (id: string) => [...targetKeys.all, 'alerts', id] as const,
  burnDown: (id: string, periodStart: string | null) =>
    [...targetKeys.all, 'burn-down', id, periodStart] as const,
};

export function useInvalidateTargets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: targetKeys.all });
}
