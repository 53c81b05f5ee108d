import { PAYMENT_PATHS, packageInfoSchema } from '@finlens/contracts/payment';
import { apiRequest } from '../../../lib/api-client';

/** GET /payment/package/ — package info with the BC+ trial; also the source of the paid-package flags. */
export function fetchPackage(signal?: AbortSignal) {
  return apiRequest(PAYMENT_PATHS.package, packageInfoSchema, { signal });
}
