import {
  ledgerEntriesQuerySchema,
  ledgerEntriesSchema,
  ledgerEntryDetailSchema,
  ledgerTotalsQuerySchema,
  ledgerTotalsSchema,
  ledgerTransitionBodySchema,
  remediationSettingsSchema,
  SAVINGS_LEDGER_PATHS,
  transitionResponseSchema,
} from '@finlens/contracts/savings-ledger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { SavingsLedgerService } from './savings-ledger.service';

const tags = ['savings-ledger'];
const config = { access: 'verified' } as const;
const params = z.object({ recommendation_id: z.string().min(1).max(2048) });
const entryPath = `${SAVINGS_LEDGER_PATHS.entries}:recommendation_id/`;

/**
 * Any member reads the ledger and proposes (accept, dismiss, snooze, mark done after approval); the service
 * refuses a member's approve or apply with 403. Only admins change the remediation policies.
 */
export const savingsLedgerRoutes: FastifyPluginAsyncZod<{ ledger: SavingsLedgerService }> = async (
  app,
  { ledger },
) => {
  app.get(
    SAVINGS_LEDGER_PATHS.entries,
    {
      config,
      schema: { tags, querystring: ledgerEntriesQuerySchema, response: { 200: ledgerEntriesSchema } },
    },
    async (request) => ledger.list(clientCallerOf(request), request.query),
  );
  app.get(
    SAVINGS_LEDGER_PATHS.totals,
    { config, schema: { tags, querystring: ledgerTotalsQuerySchema, response: { 200: ledgerTotalsSchema } } },
    async (request) => ledger.totals(clientCallerOf(request), request.query),
  );
  app.get(
    SAVINGS_LEDGER_PATHS.export,
    { config, schema: { tags, querystring: ledgerEntriesQuerySchema, response: { 200: z.string() } } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="savings-ledger.csv"')
        .send(await ledger.exportCsv(clientCallerOf(request), request.query)),
  );
  app.get(
    SAVINGS_LEDGER_PATHS.remediation,
    { config, schema: { tags, response: { 200: remediationSettingsSchema } } },
    async (request) => ledger.remediation(clientCallerOf(request)),
  );
  app.put(
    SAVINGS_LEDGER_PATHS.remediation,
    {
      config: { access: 'admin' },
      schema: { tags, body: remediationSettingsSchema, response: { 200: remediationSettingsSchema } },
    },
    async (request) => ledger.saveRemediation(clientCallerOf(request), request.body),
  );
  app.get(
    entryPath,
    { config, schema: { tags, params, response: { 200: ledgerEntryDetailSchema } } },
    async (request) => ledger.get(clientCallerOf(request), request.params.recommendation_id),
  );
  app.post(
    `${entryPath}transition/`,
    {
      config,
      schema: { tags, params, body: ledgerTransitionBodySchema, response: { 200: transitionResponseSchema } },
    },
    async (request) =>
      ledger.transition(clientCallerOf(request), request.params.recommendation_id, request.body),
  );
};
