import { PAYMENT_PATHS, paymentMethodSchema } from '@finlens/contracts/payment';
import { apiRequest } from '../../../lib/api-client';

/** GET /payment/payment-method/ — always `self_hosted` in a self-hosted install (ADR 0002). */
export function fetchPaymentMethod(signal?: AbortSignal) {
  return apiRequest(PAYMENT_PATHS.paymentMethod, paymentMethodSchema, { signal });
}
