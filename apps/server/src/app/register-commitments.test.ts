import { COMMITMENTS_PATHS, type CommitmentInventory } from '@finlens/contracts/commitments';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { AppTables } from '../db/tables';
import type { CommitmentsService } from '../features/commitments/commitments.service';
import { testCaller } from '../platform/auth/caller.test-helper';
import { registerCommitments } from './register-commitments';

it('serves the routes from the commitments service it is handed (the one the alert jobs keep their reads in)', async () => {
  const inventory: CommitmentInventory = {
    as_of: '2026-03-01T00:00:00.000Z',
    reservations: [],
    savings_plans: [],
    commitment_discounts: [],
    expiries: [],
    enrichment: { status: 'ok', message: null, described: 0, refused: [] },
  };
  const asked: string[] = [];
  const service = {
    inventory: async (caller: { clientId: string }) => {
      asked.push(caller.clientId);
      return inventory;
    },
  } as unknown as CommitmentsService;
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request) => {
    request.caller = testCaller('client-1');
  });
  await registerCommitments(app, { db: {} as Kysely<AppTables>, service });
  const response = await app.inject({ url: COMMITMENTS_PATHS.inventory });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual(inventory);
  expect(asked).toEqual(['client-1']);
  await app.close();
});
