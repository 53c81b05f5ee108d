import { API_KEY_PATHS, apiKeysSchema } from '@finlens/contracts/api-keys';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiKeyKeys } from './keys';

/** GET /c/api_keys/ — the caller's keys in the active client (never the secret). */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => apiRequest(API_KEY_PATHS.keys, apiKeysSchema, { signal }),
  });
}
