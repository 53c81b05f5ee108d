import {
  packageActionResponseSchema,
  packageInfoSchema,
  paymentMethodQuerySchema,
  paymentMethodSchema,
} from '@finlens/contracts/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import { type PaymentService, SELF_HOSTED_DETAIL } from './payment.service';

const tags = ['payment'];

export const paymentRoutes: FastifyPluginAsyncZod<{ paymentService: PaymentService }> = async (
  app,
  { paymentService },
) => {
  app.get(
    '/payment/payment-method/',
    {
      config: { access: 'verified' },
      schema: { tags, querystring: paymentMethodQuerySchema, response: { 200: paymentMethodSchema } },
    },
    async (request) => paymentService.paymentMethod(clientCallerOf(request).clientId),
  );

  app.get(
    '/payment/package/',
    { config: { access: 'verified' }, schema: { tags, response: { 200: packageInfoSchema } } },
    async (request) => {
      clientCallerOf(request);
      return paymentService.packageInfo();
    },
  );

  for (const action of ['activate_trial', 'request_upgrade'] as const) {
    app.post(
      `/payment/package/${action}/`,
      { config: { access: 'admin' }, schema: { tags, response: { 200: packageActionResponseSchema } } },
      async (request) => {
        clientCallerOf(request);
        return { detail: SELF_HOSTED_DETAIL, package: paymentService.packageInfo() };
      },
    );
  }
};
