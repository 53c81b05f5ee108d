import type { ICruiseOptions, IForbiddenRuleType } from 'dependency-cruiser';

// The layer rules of ARCHITECTURE §3 (why: docs/adr/0004-layer-check.md). An import only points down, types
// included. Tests and test helpers may reach across layers to set things up; production code may not import them.

const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
const TEST = ['\\.test\\.tsx?$', '\\.test-helper\\.tsx?$', `${WEB}test/`];

/** Server layers, top to bottom; a layer may import its own level and the levels below it. */
const serverLayers: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'entry', path: `${SERVER}[^/]+$` },
  { name: 'app-commands', path: `${SERVER}(app|commands)/` },
  { name: 'features', path: `${SERVER}features/` },
  { name: 'integrations-ingest', path: `${SERVER}(integrations|ingest)/` },
  { name: 'warehouse', path: `${SERVER}warehouse/` },
  { name: 'platform', path: `${SERVER}platform/` },
  { name: 'db', path: `${SERVER}db/` },
];

const webLayers: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'entry', path: `${WEB}[^/]+$` },
  { name: 'app', path: `${WEB}app/` },
  { name: 'features', path: `${WEB}features/` },
  { name: 'components', path: `${WEB}components/` },
  { name: 'lib', path: `${WEB}lib/` },
];

/** The documented exception: db/tables.ts aggregates the features' `*.tables.ts` row types into one Database. */
const TABLES_AGGREGATE = `${SERVER}db/tables\\.ts$`;
const FEATURE_TABLES = `${SERVER}features/([^/]+)/\\1\\.tables\\.ts$`;

function pointsDown(side: 'server' | 'web', layers: typeof serverLayers): IForbiddenRuleType[] {
  return layers.slice(1).map((layer, index) => {
    const above = layers.slice(0, index + 1);
    const isDb = side === 'server' && layer.name === 'db';
    return {
      name: `${side}-${layer.name}-points-down`,
      comment: `${side} ${layer.name} imports only its own level and below (${above.map((a) => a.name).join(', ')} are above it)`,
      severity: 'error',
      from: { path: layer.path, pathNot: TEST },
      to: { path: above.map((a) => a.path), ...(isDb ? { pathNot: FEATURE_TABLES } : {}) },
    };
  });
}

const forbidden: IForbiddenRuleType[] = [
  ...pointsDown('server', serverLayers),
  {
    name: 'server-app-imports-no-command',
    comment: 'the composition root builds the app; the finlens commands use it, never the other way',
    severity: 'error',
    from: { path: `${SERVER}app/`, pathNot: TEST },
    to: { path: `${SERVER}commands/` },
  },
  {
    name: 'server-db-tables-aggregate-types-only',
    comment: "db/tables.ts may name the features' row types, never run their code",
    severity: 'error',
    from: { path: TABLES_AGGREGATE },
    to: { path: FEATURE_TABLES, dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'server-db-only-tables-aggregate-reaches-features',
    comment: 'of db/, only tables.ts names feature tables',
    severity: 'error',
    from: { path: `${SERVER}db/`, pathNot: [TABLES_AGGREGATE, ...TEST] },
    to: { path: FEATURE_TABLES },
  },
  {
    name: 'server-feature-uses-another-through-its-service',
    comment: "a server feature uses another only through that feature's <name>.service.ts",
    severity: 'error',
    from: { path: `${SERVER}features/([^/]+)/`, pathNot: TEST },
    to: {
      path: `${SERVER}features/`,
      pathNot: [`${SERVER}features/$1/`, `${SERVER}features/([^/]+)/\\1\\.service\\.ts$`],
    },
  },
  {
    name: 'server-features-use-no-sdk',
    comment: 'features reach outside systems and storage engines through integrations/, warehouse/ and db/',
    severity: 'error',
    from: { path: `${SERVER}features/`, pathNot: TEST },
    to: { path: 'node_modules/(@aws-sdk|@azure|@kubernetes|@clickhouse|@duckdb|@electric-sql|pg)/' },
  },
  ...pointsDown('web', webLayers),
  {
    name: 'web-feature-uses-another-through-its-api',
    comment: "a web feature uses another only through that feature's api/ hooks",
    severity: 'error',
    from: { path: `${WEB}features/([^/]+)/`, pathNot: TEST },
    to: { path: `${WEB}features/`, pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/api/`] },
  },
  {
    name: 'apps-stay-apart',
    comment: 'the web and the server share code only through packages/',
    severity: 'error',
    from: { path: '^apps/(server|web)/' },
    to: { path: '^apps/', pathNot: '^apps/$1/' },
  },
  {
    name: 'packages-know-no-app',
    comment: 'packages sit below both apps',
    severity: 'error',
    from: { path: '^packages/' },
    to: { path: '^apps/' },
  },
  {
    name: 'contracts-import-no-package',
    comment: 'the contract is the bottom: zod schemas and their types only',
    severity: 'error',
    from: { path: '^packages/contracts/' },
    to: { path: '^packages/(cost-model|fixtures)/' },
  },
  {
    name: 'production-code-imports-no-test-code',
    comment: 'test helpers and fixtures stay out of what ships',
    severity: 'error',
    from: { pathNot: TEST },
    to: { path: TEST },
  },
  {
    name: 'no-circle',
    comment: 'modules that import each other, types included',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
];

/** Folders the check reads, relative to the repository root. */
export const cruisedFolders = [
  'apps/server/src',
  'apps/web/src',
  'packages/contracts/src',
  'packages/cost-model/src',
  'packages/fixtures/src',
];

const resolution = {
  exportsFields: ['exports'],
  conditionNames: ['import', 'require', 'node', 'default', 'types'],
  extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
};

/** `cache` keeps the last cruise under node_modules/.cache; the cache ignores rule edits, so `args` carries them. */
export function cruiseOptions(baseDir: string, cache: boolean): ICruiseOptions {
  return {
    baseDir,
    args: JSON.stringify(forbidden),
    validate: true,
    ruleSet: { forbidden },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|data)/' },
    enhancedResolveOptions: resolution,
    ...(cache ? { cache: { folder: 'node_modules/.cache/layers', strategy: 'content' as const } } : {}),
  };
}

export const resolveOptions = resolution;
