import { PACKAGE_KEYS, type PackageInfo, type PaymentMethod } from '@finlens/contracts/payment';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { notFound } from '../../platform/http/http-error';

const PACKAGE_NAMES: Record<(typeof PACKAGE_KEYS)[number], string> = {
  inform: 'Inform',
  operate: 'Operate',
  optimize: 'Optimize',
  essentials: 'Essentials',
  compute_copilot: 'Compute Copilot',
};

export const SELF_HOSTED_DETAIL = 'Every package is already included in a self-hosted installation.';

/** A self-hosted install has no payment provider: every client has every package (ADR 0002). */
export function selfHostedPackage(): PackageInfo {
  return {
    plan: 'self_hosted',
    inform_paid: true,
    operate_paid: true,
    packages: PACKAGE_KEYS.map((key) => ({ key, name: PACKAGE_NAMES[key], active: true })),
    trial: { available: false, active: false, ends_at: null },
  };
}

export function createPaymentService({ db }: { db: Kysely<AppTables> }) {
  return {
    async paymentMethod(clientId: string): Promise<PaymentMethod> {
      const client = await db
        .selectFrom('clients')
        .select('created_at')
        .where('id', '=', clientId)
        .executeTakeFirst();
      if (client === undefined) throw notFound();
      return {
        start_subscription_date: client.created_at.toISOString().slice(0, 10),
        payment_method: 'self_hosted',
        product_name: 'Finlens Self-Hosted',
      };
    },
    packageInfo: selfHostedPackage,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
