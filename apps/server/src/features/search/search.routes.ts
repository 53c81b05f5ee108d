import {
  autoCompleteQuerySchema,
  autoCompleteResultSchema,
  SEARCH_PATHS,
  searchQuerySchema,
  searchResultSchema,
} from '@finlens/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { SearchService } from './search.service';

const tags = ['search'];

export const searchRoutes: FastifyPluginAsyncZod<{ searchService: SearchService }> = async (
  app,
  { searchService },
) => {
  app.get(
    SEARCH_PATHS.autoComplete,
    {
      config: { access: 'verified' },
      schema: { tags, querystring: autoCompleteQuerySchema, response: { 200: autoCompleteResultSchema } },
    },
    async (request) =>
      searchService.autoComplete(clientCallerOf(request), {
        query: request.query.query,
        limit: request.query.limit,
      }),
  );
  app.get(
    SEARCH_PATHS.query,
    {
      config: { access: 'verified' },
      schema: { tags, querystring: searchQuerySchema, response: { 200: searchResultSchema } },
    },
    async (request) => searchService.search(clientCallerOf(request), request.query),
  );
};
