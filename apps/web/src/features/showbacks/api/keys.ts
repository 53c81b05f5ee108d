import type { Showback } from '@finlens/contracts/showbacks';
import { useQueryClient } from '@tanstack/react-query';

/** Query keys; every write invalidates `all` (a rule or value change moves every number). */
export const showbackKeys = {
  all: ['showbacks'] as const,
  list: () => [...showbackKeys.all, 'list'] as const,
  tagKeys: (type: Showback['allocation_tag_type']) => [...showbackKeys.all, 'tag-keys', type] as const,
  one: (id: string, kind: string, args: unknown) => [...showbackKeys.all, id, kind, args] as const,
};

export function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: showbackKeys.all });
}
