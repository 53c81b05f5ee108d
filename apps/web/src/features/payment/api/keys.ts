/** Query keys of the payment calls: the payment method and the package (the paid-package flags). */
export const paymentKeys = {
  all: ['payment'] as const,
  paymentMethod: () => [...paymentKeys.all, 'payment-method'] as const,
  packageInfo: () => [...paymentKeys.all, 'package'] as const,
};
