import { PAYMENT_PATHS, packageActionResponseSchema } from '@finlens/contracts/payment';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startupKeys } from '../../startup/api/keys';
import { fetchPackage } from '../../startup/api/package-query';

/** GET /payment/package/ from the start-up chain's cache entry: is the Inform paid package active? */
export function usePackage() {
  return useQuery({ queryKey: startupKeys.packageInfo(), queryFn: ({ signal }) => fetchPackage(signal) });
}

/** POST /payment/package/request_upgrade/ (admin) — answers why and the package info, which replaces the cache. */
export function useRequestUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(PAYMENT_PATHS.requestUpgrade, packageActionResponseSchema, { method: 'POST' }),
    onSuccess: (answer) => queryClient.setQueryData(startupKeys.packageInfo(), answer.package),
  });
}
