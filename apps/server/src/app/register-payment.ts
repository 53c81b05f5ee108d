import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { paymentRoutes } from '../features/payment/payment.routes';
import { createPaymentService } from '../features/payment/payment.service';
import type { App } from '../platform/http/app';

/** Packages and payment method: a self-hosted install has every package (ADR 0002). */
export async function registerPayment(app: App, { db }: { db: Kysely<AppTables> }): Promise<void> {
  await app.register(paymentRoutes, { paymentService: createPaymentService({ db }) });
}
