import { PAYMENT_PATHS, packageActionResponseSchema } from '@finlens/contracts/payment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentKeys } from './keys';

/** POST /payment/package/request_upgrade/ (admin) — answers why and the package info, which replaces the cache. */
export function useRequestUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(PAYMENT_PATHS.requestUpgrade, packageActionResponseSchema, { method: 'POST' }),
    onSuccess: (answer) => queryClient.setQueryData(paymentKeys.packageInfo(), answer.package),
  });
}
