import { API_KEY_PATHS } from '@finlens/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { apiKeyKeys } from './keys';

/** DELETE /c/api_keys/{id}/ — 204; the key stops working at once and stays listed as revoked. */
export function useRevokeApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(API_KEY_PATHS.key(id), z.undefined(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
