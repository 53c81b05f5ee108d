import { type PublicConfig, publicConfigSchema } from '@finlens/contracts/public-config';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { publicConfigKeys } from './keys';

/** Used while GET /api/public-config loads or when it fails, so error screens always have a contact. */
const FALLBACK_PUBLIC_CONFIG: PublicConfig = {
  supportEmail: 'support@finlens.local',
  docsUrl: 'https://finlens.local/docs',
  version: 'unknown',
};

export function usePublicConfig(): PublicConfig {
  const query = useQuery({
    queryKey: publicConfigKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/public-config', publicConfigSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? FALLBACK_PUBLIC_CONFIG;
}
