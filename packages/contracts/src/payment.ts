import { z } from 'zod';

/**
 * Payment calls of spec §7. A self-hosted install has no payment provider: every client is on the
 * `self_hosted` plan with every package active (ADR 0002). The shapes still carry what a hosted
 * product would show so the screens work unchanged.
 */
export const PAYMENT_PATHS = {
  paymentMethod: '/payment/payment-method/',
  package: '/payment/package/',
  activateTrial: '/payment/package/activate_trial/',
  requestUpgrade: '/payment/package/request_upgrade/',
} as const;

/** `use_cache=false` asks for a fresh answer; the self-hosted answer never comes from a cache anyway. */
export const paymentMethodQuerySchema = z.object({ use_cache: z.enum(['true', 'false']).optional() });

/** Spec §3 Payment. */
export const paymentMethodSchema = z.object({
  /** YYYY-MM-DD: the day the client was created. */
  start_subscription_date: z.string(),
  payment_method: z.enum(['self_hosted']),
  product_name: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const PACKAGE_KEYS = ['inform', 'operate', 'optimize', 'essentials', 'compute_copilot'] as const;

export const packageInfoSchema = z.object({
  plan: z.enum(['self_hosted']),
  /** Spec §2: Analysis, Insights, Recommendations need inform_paid; the Operate items operate_paid. */
  inform_paid: z.boolean(),
  operate_paid: z.boolean(),
  packages: z.array(z.object({ key: z.enum(PACKAGE_KEYS), name: z.string(), active: z.boolean() })),
  /** BC+ trial: nothing to trial when everything is active. */
  trial: z.object({ available: z.boolean(), active: z.boolean(), ends_at: z.string().nullable() }),
});
export type PackageInfo = z.infer<typeof packageInfoSchema>;

/** POST activate_trial / request_upgrade (admin): idempotent, answers the package info and why. */
export const packageActionResponseSchema = z.object({ detail: z.string(), package: packageInfoSchema });
export type PackageActionResponse = z.infer<typeof packageActionResponseSchema>;
