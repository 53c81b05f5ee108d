import {
  SHOWBACK_PATHS,
  showbackPath,
  valueAccessListSchema,
  type valueAccessSchema,
} from '@finlens/contracts/showbacks';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { showbackKeys } from './keys';
import { GET_EXTRAS } from './requests';

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
