// The skeleton of a feature on both sides (ARCHITECTURE §3): one contract, thin routes, a service in charge,
// a repository, a register file in the composition root, and on the web api/keys.ts, one query, a page.

interface Names {
  /** kebab-case, as the folders: `cost-widgets` */
  name: string;
  /** `CostWidgets` */
  pascal: string;
  /** `costWidgets` */
  camel: string;
  /** `COST_WIDGETS` */
  constant: string;
  /** `Cost widgets` */
  title: string;
  /** `/c/cost_widgets/` */
  path: string;
}

export function namesOf(name: string): Names {
  const words = name.split('-');
  const pascal = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  const title = words.join(' ');
  return {
    name,
    pascal,
    camel: pascal.charAt(0).toLowerCase() + pascal.slice(1),
    constant: words.join('_').toUpperCase(),
    title: title.charAt(0).toUpperCase() + title.slice(1),
    path: `/c/${words.join('_')}/`,
  };
}

const contract = (n: Names) => `import { z } from 'zod';

/** The ${n.title} calls: the server registers these paths, the web requests them. */
export const ${n.constant}_PATHS = { list: '${n.path}' } as const;

const ${n.camel}ItemSchema = z.object({ id: z.string(), name: z.string() }).describe('One ${n.title} item.');

export const ${n.camel}ListSchema = z
  .object({ results: z.array(${n.camel}ItemSchema) })
  .describe("The active client's ${n.title} items.");
export type ${n.pascal}List = z.infer<typeof ${n.camel}ListSchema>;
`;

const repo = (n: Names) => `import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

/** ${n.title} storage. The placeholder reads the client's projects; replace it with the feature's tables. */
export function create${n.pascal}Repo({ db }: { db: Kysely<AppTables> }) {
  return {
    list(clientId: string) {
      return db
        .selectFrom('projects')
        .select(['id', 'name'])
        .where('client_id', '=', clientId)
        .orderBy('name')
        .execute();
    },
  };
}

export type ${n.pascal}Repo = ReturnType<typeof create${n.pascal}Repo>;
`;

const service = (n: Names) => `import type { ${n.pascal}List } from '@finlens/contracts/${n.name}';
import type { ClientCaller } from '../../platform/auth/caller';
import type { ${n.pascal}Repo } from './${n.name}.repo';

/**
 * The rules of ${n.title}; collaborators come in through one object, so a test passes small fakes. Every
 * method takes the one Caller; a read of cost asks warehouse/cost-scope.ts which projects it may read.
 */
export function create${n.pascal}Service({ repo }: { repo: Pick<${n.pascal}Repo, 'list'> }) {
  return {
    async list(caller: ClientCaller): Promise<${n.pascal}List> {
      return { results: await repo.list(caller.clientId) };
    },
  };
}

export type ${n.pascal}Service = ReturnType<typeof create${n.pascal}Service>;
`;

const serviceTest = (n: Names) => `import { describe, expect, it } from 'vitest';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { create${n.pascal}Service } from './${n.name}.service';

describe('${n.name} service', () => {
  it("lists the repository's items for the client", async () => {
    const service = create${n.pascal}Service({
      repo: { list: async (clientId) => [{ id: \`\${clientId}-1\`, name: 'One' }] },
    });
    expect(await service.list(testCaller('c1'))).toEqual({ results: [{ id: 'c1-1', name: 'One' }] });
  });
});
`;

const routes = (
  n: Names,
) => `import { ${n.constant}_PATHS, ${n.camel}ListSchema } from '@finlens/contracts/${n.name}';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import type { ${n.pascal}Service } from './${n.name}.service';

const tags = ['${n.name}'];

/** Thin routes: parse, authorise (config.access), call the service, reply. */
export const ${n.camel}Routes: FastifyPluginAsyncZod<{ ${n.camel}Service: ${n.pascal}Service }> = async (
  app,
  { ${n.camel}Service },
) => {
  app.get(
    ${n.constant}_PATHS.list,
    { config: { access: 'verified' }, schema: { tags, response: { 200: ${n.camel}ListSchema } } },
    async (request) => ${n.camel}Service.list(clientCallerOf(request)),
  );
};
`;

const register = (n: Names) => `import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { create${n.pascal}Repo } from '../features/${n.name}/${n.name}.repo';
import { ${n.camel}Routes } from '../features/${n.name}/${n.name}.routes';
import { create${n.pascal}Service } from '../features/${n.name}/${n.name}.service';
import type { App } from '../platform/http/app';

/** ${n.title}: its routes with their service. */
export async function register${n.pascal}(app: App, { db }: { db: Kysely<AppTables> }): Promise<void> {
  await app.register(${n.camel}Routes, {
    ${n.camel}Service: create${n.pascal}Service({ repo: create${n.pascal}Repo({ db }) }),
  });
}
`;

const keys = (n: Names) => `/** Query keys of ${n.title}; mutations invalidate \`all\`. */
export const ${n.camel}Keys = {
  all: ['${n.name}'] as const,
  list: () => [...${n.camel}Keys.all, 'list'] as const,
};
`;

const query = (
  n: Names,
) => `import { ${n.constant}_PATHS, ${n.camel}ListSchema } from '@finlens/contracts/${n.name}';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ${n.camel}Keys } from './keys';

/** GET ${n.path} — the active client's ${n.title} items. */
export function use${n.pascal}() {
  return useQuery({
    queryKey: ${n.camel}Keys.list(),
    queryFn: ({ signal }) => apiRequest(${n.constant}_PATHS.list, ${n.camel}ListSchema, { signal }),
  });
}
`;

const page = (n: Names) => `import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { use${n.pascal} } from './api/${n.name}-query';

/** ${n.title}. */
export function ${n.pascal}Page() {
  const list = use${n.pascal}();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        ${n.title}
      </Typography>
      {list.isPending ? <Skeleton variant="rounded" height={160} aria-label="Loading ${n.title}" /> : null}
      {list.isError ? <Alert severity="error">{list.error.message}</Alert> : null}
      {list.isSuccess ? (
        <List>
          {list.data.results.map((item) => (
            <ListItem key={item.id}>{item.name}</ListItem>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
`;

const pageTest = (n: Names) => `import { ${n.constant}_PATHS } from '@finlens/contracts/${n.name}';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderElement } from '../../test/render-with-providers';
import { ${n.pascal}Page } from './${n.pascal}Page';

describe('${n.pascal}Page', () => {
  it('lists what the server answers', async () => {
    server.use(
      http.get(\`*\${${n.constant}_PATHS.list}\`, () =>
        HttpResponse.json({ results: [{ id: 'p1', name: 'Production' }] }),
      ),
    );
    renderElement(<${n.pascal}Page />, { signedIn: true });
    expect(await screen.findByText('Production')).toBeInTheDocument();
  });
});
`;

/** Every stamped file, by its path from the repository root. */
export function skeleton(n: Names): Record<string, string> {
  const server = `apps/server/src/features/${n.name}`;
  const web = `apps/web/src/features/${n.name}`;
  return {
    [`packages/contracts/src/${n.name}.ts`]: contract(n),
    [`apps/server/src/app/register-${n.name}.ts`]: register(n),
    [`${server}/${n.name}.routes.ts`]: routes(n),
    [`${server}/${n.name}.service.ts`]: service(n),
    [`${server}/${n.name}.service.test.ts`]: serviceTest(n),
    [`${server}/${n.name}.repo.ts`]: repo(n),
    [`${web}/api/keys.ts`]: keys(n),
    [`${web}/api/${n.name}-query.ts`]: query(n),
    [`${web}/${n.pascal}Page.tsx`]: page(n),
    [`${web}/${n.pascal}Page.test.tsx`]: pageTest(n),
  };
}

/** What the stamp cannot do alone: wire the feature in. */
export function nextSteps(n: Names): string {
  return `Wire it in:
  1. apps/server/src/app/build-app.ts: import { register${n.pascal} } from './register-${n.name}';
     and call \`await register${n.pascal}(app, { db });\` with the other features.
  2. tests/api: an access-matrix row for GET ${n.path} (the matrix fails on a route without one).
  3. apps/web/src/app/route-table.tsx: const ${n.pascal}Page = lazyPage(() => import('../features/${n.name}/${n.pascal}Page'), '${n.pascal}Page');
     and put <${n.pascal}Page /> in its route's page(…) entry in place of <UnbuiltPage /> (then lower
     UNBUILT_CEILING in app/unbuilt-pages.test.ts); a menu entry in app/menus.ts if the page has one.
  4. Replace the placeholder read in ${n.name}.repo.ts with the feature's tables (${n.name}.tables.ts, a
     migration, a line in db/tables.ts); a feature that reads cost asks the warehouse's cost scope.
Then: npm run typecheck, npm run lint, npx vitest run --project server ${n.name}, npx vitest run --project @finlens/web ${n.pascal}Page.`;
}
