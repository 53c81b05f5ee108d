import { PAYMENT_PATHS, paymentMethodSchema } from '@finlens/contracts/payment';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startupKeys } from './keys';

/** GET /payment/payment-method/ — always `self_hosted` in a self-hosted install (ADR 0002). */
export function paymentMethodQueryOptions() {
  return queryOptions({
    queryKey: startupKeys.paymentMethod(),
    queryFn: ({ signal }) => apiRequest(PAYMENT_PATHS.paymentMethod, paymentMethodSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}
