import { PAYMENT_PATHS, packageInfoSchema } from '@finlens/contracts/payment';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startupKeys } from './keys';

/** GET /payment/package/ — package info with the BC+ trial; also the source of the paid-package flags. */
export function packageQueryOptions() {
  return queryOptions({
    queryKey: startupKeys.packageInfo(),
    queryFn: ({ signal }) => apiRequest(PAYMENT_PATHS.package, packageInfoSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}
