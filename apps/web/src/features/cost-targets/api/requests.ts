import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** cost_page GETs carry imply_client (spec §7). */
export const IMPLY_CLIENT = { imply_client: 'true' } as const;

export const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** A GET of one target's rows (?cost_target=): plannings, their history, alerts. */
export function useTargetRows<T>(
  path: string,
  schema: z.ZodType<T>,
  queryKey: readonly unknown[],
  targetId: string,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest(path, schema, { query: { cost_target: targetId, ...IMPLY_CLIENT }, signal }),
  });
}
