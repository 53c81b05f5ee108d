import {
  SHOWBACK_PATHS,
  showbackPath,
  valueAccessListSchema,
  valueAccessSchema,
} from '@finlens/contracts/showbacks';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { GET_EXTRAS, showbackKeys, useInvalidateAll } from './api';

export type ValueAccess = z.infer<typeof valueAccessSchema>;

/** GET value_access/ (admins): every member of the client with the values of this showback they see. */
export function useValueAccess(id: string, enabled: boolean) {
  return useQuery({
    queryKey: showbackKeys.one(id, 'value-access', null),
    queryFn: ({ signal }) =>
      apiRequest(showbackPath(SHOWBACK_PATHS.valueAccess, { id }), valueAccessListSchema, {
        query: GET_EXTRAS,
        signal,
      }),
    select: (answer) => answer.members,
    enabled,
  });
}

/** PUT value_access/: one member's client-wide "all values" flag and their values of this showback. */
export function useSetValueAccess(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (access: Omit<ValueAccess, 'email'>) =>
      apiRequest(showbackPath(SHOWBACK_PATHS.valueAccess, { id }), valueAccessSchema, {
        method: 'PUT',
        body: access,
      }),
    onSuccess: invalidate,
  });
}
