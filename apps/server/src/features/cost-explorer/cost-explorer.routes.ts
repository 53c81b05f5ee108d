import {
  COST_EXPLORER_PATHS,
  type DimensionDailyCostRequest,
  type DimensionDailyCostResult,
  dimensionCatalogueSchema,
  dimensionDailyCostBodySchema,
  dimensionDailyCostQuerySchema,
  dimensionDailyCostResultSchema,
  dimensionKeysQuerySchema,
  dimensionKeysSchema,
  dimensionsQuerySchema,
  dimensionValuesQuerySchema,
  dimensionValuesSchema,
  KEYED_GRANULARITY_PATHS,
  keyedGranularityQuerySchema,
} from '@finlens/contracts/cost-explorer';
import { KEYED_DIMENSIONS } from '@finlens/contracts/cost-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCallerOf } from '../../platform/auth/caller';
import { matchesEntityTag } from '../../platform/cache/result-cache';
import { compressedJsonCopies } from '../../platform/http/compression';
import { answerJson } from './answer-json';
import type { CostExplorerService } from './cost-explorer.service';

const tags = ['cost'];
const config = { access: 'verified' } as const;

export const costExplorerRoutes: FastifyPluginAsyncZod<{
  costExplorerService: CostExplorerService;
}> = async (app, { costExplorerService: service }) => {
  const response = {
    200: dimensionDailyCostResultSchema,
    304: z
      .null()
      .describe('Not Modified: the If-None-Match tag is still the answer (same question, same data).'),
  };

  /**
   * An answer's JSON, checked against the response schema and written once per answer, a few series per turn of the
   * event loop (`answerJson`); the route's serializer would encode and stringify it in one go on every ask. A
   * repeated question sends the same text, compressed once per encoding (`compressedJsonCopies`); asks that meet
   * while it is written share it.
   */
  const bodies = new WeakMap<DimensionDailyCostResult, Promise<string>>();
  function bodyOf(answer: DimensionDailyCostResult): Promise<string> {
    let body = bodies.get(answer);
    if (body === undefined) {
      body = answerJson(answer).then((text) => {
        service.keptWith(answer, Buffer.byteLength(text));
        return text;
      });
      bodies.set(answer, body);
    }
    return body;
  }
  // The text and its copies live as long as the answer in the service's result cache, which weighs them too.
  const sendJson = compressedJsonCopies({
    onCopy: (answer: DimensionDailyCostResult, bytes) => service.keptWith(answer, bytes),
  });

  /**
   * A cost answer from the result cache, with its ETag: an If-None-Match naming it is a 304 without a query. The
   * browser may keep the answer for this user only and must ask again each time (`private, no-cache`).
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    { query, use_query_optimization }: DimensionDailyCostRequest,
  ) {
    const tagged = await service.dimensionDailyCostTagged(
      clientCallerOf(request),
      query,
      use_query_optimization,
    );
    reply.header('etag', tagged.etag).header('cache-control', 'private, no-cache');
    if (matchesEntityTag(request.headers['if-none-match'], tagged.etag)) return reply.code(304).send(null);
    const result = await tagged.answer();
    return sendJson(request, reply, result, await bodyOf(result));
  }

  app.get(
    COST_EXPLORER_PATHS.dimensionDailyCost,
    { config, schema: { tags, querystring: dimensionDailyCostQuerySchema, response } },
    async (request, reply) => answer(request, reply, request.query),
  );
  app.post(
    COST_EXPLORER_PATHS.dimensionDailyCost,
    { config, schema: { tags, body: dimensionDailyCostBodySchema, response } },
    async (request, reply) => answer(request, reply, request.body),
  );
  for (const dimension of KEYED_DIMENSIONS) {
    app.get(
      KEYED_GRANULARITY_PATHS[dimension],
      { config, schema: { tags, querystring: keyedGranularityQuerySchema(dimension), response } },
      async (request, reply) => answer(request, reply, request.query),
    );
  }
  app.get(
    COST_EXPLORER_PATHS.dimensionValues,
    {
      config,
      schema: { tags, querystring: dimensionValuesQuerySchema, response: { 200: dimensionValuesSchema } },
    },
    async (request) => service.dimensionValues(clientCallerOf(request), request.query),
  );
  app.get(
    COST_EXPLORER_PATHS.dimensionKeys,
    {
      config,
      schema: { tags, querystring: dimensionKeysQuerySchema, response: { 200: dimensionKeysSchema } },
    },
    async (request) => service.dimensionKeys(clientCallerOf(request), request.query),
  );
  app.get(
    COST_EXPLORER_PATHS.dimensions,
    {
      config,
      schema: { tags, querystring: dimensionsQuerySchema, response: { 200: dimensionCatalogueSchema } },
    },
    async (request) => service.dimensions(clientCallerOf(request), request.query),
  );
};
