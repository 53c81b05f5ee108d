import { API_KEY_PATHS, type CreateApiKeyRequest, createdApiKeySchema } from '@finlens/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiKeyKeys } from './keys';

/** POST /c/api_keys/ — 201 with the secret `key`, which the server never shows again. */
export function useCreateApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      apiRequest(API_KEY_PATHS.keys, createdApiKeySchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
