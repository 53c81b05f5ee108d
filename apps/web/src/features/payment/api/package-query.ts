import { PAYMENT_PATHS, packageInfoSchema } from '@finlens/contracts/payment';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentKeys } from './keys';

/** GET /payment/package/ — package info with the BC+ trial; also the source of the paid-package flags. */
export function fetchPackage(signal?: AbortSignal) {
  return apiRequest(PAYMENT_PATHS.package, packageInfoSchema, { signal });
}

/** The package from the start-up chain's cache entry: are the Inform and Operate paid packages active? */
export function usePackage() {
  return useQuery({ queryKey: paymentKeys.packageInfo(), queryFn: ({ signal }) => fetchPackage(signal) });
}
