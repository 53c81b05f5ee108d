import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { serverPasswordProblems } from './auth/password-policy';
import { invalidOutboundEntries } from './outbound/outbound-allow';

/** Raised for any configuration problem; the CLI prints the message and exits with code 2. */
export class ConfigError extends Error {
  readonly exitCode = 2;
  override readonly name = 'ConfigError';
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Validated configuration. `secretKey` is null until `resolveSecretKey` fills it from DATA_DIR. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** CLICKHOUSE_URL's (first) server: the Distributed tables and every read are there. */
  clickhouseUrl: string | null;
  /** CLICKHOUSE_URL listing several servers: every shard's URL, in order, and CLICKHOUSE_CLUSTER. */
  clickhouseSharding: { cluster: string; shardUrls: string[] } | null;
  smtpUrl: string | null;
  publicUrl: string;
  secretKey: string | null;
  supportEmail: string;
  docsUrl: string;
  logLevel: LogLevel;
  /** Lower-case email domains of internal users (spec §6); empty refuses internal-user sign-up. */
  internalEmailDomains: string[];
  /** Largest billing file POST /c/billing/upload/ accepts, in bytes. */
  uploadMaxBytes: number;
  /** Password of the demo admin user that `finlens demo` sets; null: generated (or the old one kept). */
  demoPassword: string | null;
  /** `finlens start` on a data folder without any client creates the demo organisation in the background. */
  demoOnFirstStart: boolean;
  /** About how many line items that first-start demo generates. */
  demoRows: number;
  /** DuckDB's memory limit (a DuckDB size such as `1GB`); beyond it large imports spill to DATA_DIR/tmp. */
  warehouseMemoryLimit: string;
  /** API requests one client address may make per minute before 429s. */
  rateLimitPerMinute: number;
  /** SESSION_RATE_LIMIT_PER_MINUTE: requests one signed-in session may make per minute. */
  sessionRateLimitPerMinute: number;
  /** QUERY_TIMEOUT_SECONDS: longest a warehouse or PostgreSQL statement may run before it is stopped. */
  queryTimeoutSeconds: number;
  /** QUERY_CONCURRENCY_PER_CLIENT: requests of one client that may read the warehouse at the same time. */
  queryConcurrencyPerClient: number;
  /** SCHEDULER_TICK_SECONDS: how often the resource scheduler compares desired and actual states. */
  schedulerTickSeconds: number;
  /** TEST_CLOCK_CONTROL: browser tests may move the simulated cloud's clock ahead (never in production). */
  testClockControl: boolean;
  /** OUTBOUND_ALLOW: hosts, addresses and CIDR ranges of the private network tenants' URLs may reach. */
  outboundAllow: string[];
  /** SERVER_IDENTITY_ACCOUNTS: cloud-account ids whose S3 source may read with the server's own AWS identity. */
  serverIdentityAccounts: string[];
  /** SHARESAVE_PARTNERS: partner ids whose clients see ShareSave (spec §6 "a particular partner"). */
  shareSavePartners: string[];
}

export const CONFIG_DEFAULTS = {
  port: 8080,
  host: '0.0.0.0',
  dataDir: './data',
  supportEmail: 'support@finlens.local',
  docsUrl: 'https://github.com/finlens/finlens#readme',
  logLevel: 'info',
  uploadMaxBytes: 1024 ** 3,
  demoRows: 1_000_000,
  warehouseMemoryLimit: '1GB',
  rateLimitPerMinute: 600,
  sessionRateLimitPerMinute: 1200,
  queryTimeoutSeconds: 60,
  queryConcurrencyPerClient: 4,
  schedulerTickSeconds: 60,
} as const;

export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

/** The configuration table as data, so the README table can be checked against it. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: String(CONFIG_DEFAULTS.port), description: 'HTTP port; 0 picks any free port.' },
  { name: 'HOST', default: CONFIG_DEFAULTS.host, description: 'Interface the HTTP server binds to.' },
  {
    name: 'DATA_DIR',
    default: CONFIG_DEFAULTS.dataDir,
    description: 'Folder for the embedded app database, the DuckDB warehouse and the secret key.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset: PGlite in DATA_DIR/appdb)',
    description: 'postgres:// or postgresql:// URL of a PostgreSQL app database.',
  },
  {
    name: 'CLICKHOUSE_URL',
    default: '(unset: DuckDB in DATA_DIR/warehouse.duckdb)',
    description:
      'http(s):// URL of a ClickHouse cost warehouse (user, password and database may be in the URL); imports are still read by DuckDB. Several comma-separated URLs: one per shard (with CLICKHOUSE_CLUSTER).',
  },
  {
    name: 'CLICKHOUSE_CLUSTER',
    default: '(unset: one ClickHouse server)',
    description:
      "With several CLICKHOUSE_URL servers: the cluster of the servers' remote_servers that lists them as its shards (read through Distributed tables).",
  },
  {
    name: 'SMTP_URL',
    default: '(unset: no email)',
    description: 'smtp:// or smtps:// URL of the mail relay.',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:$PORT',
    description: 'Address users reach Finlens at, used in links.',
  },
  {
    name: 'SECRET_KEY',
    default: '(generated once into DATA_DIR/secret.key)',
    description: 'At least 32 characters; signs cookies and tokens.',
  },
  {
    name: 'SUPPORT_EMAIL',
    default: CONFIG_DEFAULTS.supportEmail,
    description: 'Support address shown on error screens.',
  },
  {
    name: 'DOCS_URL',
    default: CONFIG_DEFAULTS.docsUrl,
    description: 'Documentation link of the help menu.',
  },
  {
    name: 'LOG_LEVEL',
    default: CONFIG_DEFAULTS.logLevel,
    description: `Log level: ${LOG_LEVELS.join(', ')}.`,
  },
  {
    name: 'INTERNAL_EMAIL_DOMAINS',
    default: '(unset: no internal users)',
    description: 'Comma-separated email domains whose users sign up as internal users (extra options).',
  },
  {
    name: 'UPLOAD_MAX_BYTES',
    default: String(CONFIG_DEFAULTS.uploadMaxBytes),
    description: 'Largest billing file the upload accepts, in bytes.',
  },
  {
    name: 'DEMO_PASSWORD',
    default: '(unset: generated and printed)',
    description: 'Password `finlens demo` gives the demo admin user demo@finlens.local.',
  },
  {
    name: 'DEMO_ON_FIRST_START',
    default: 'true',
    description:
      '`true` or `false`: `finlens start` on a data folder without any client creates the demo organisation (as `finlens demo`) in the background.',
  },
  {
    name: 'DEMO_ROWS',
    default: String(CONFIG_DEFAULTS.demoRows),
    description: 'About how many line items that first-start demo generates.',
  },
  {
    name: 'WAREHOUSE_MEMORY_LIMIT',
    default: CONFIG_DEFAULTS.warehouseMemoryLimit,
    description:
      'Memory limit of the DuckDB warehouse (a DuckDB size: `512MB`, `1GB`, `2GiB`); larger imports spill to DATA_DIR/tmp.',
  },
  {
    name: 'RATE_LIMIT_PER_MINUTE',
    default: String(CONFIG_DEFAULTS.rateLimitPerMinute),
    description:
      'API requests one client address may make per minute; more get 429 until the minute has passed.',
  },
  {
    name: 'SESSION_RATE_LIMIT_PER_MINUTE',
    default: String(CONFIG_DEFAULTS.sessionRateLimitPerMinute),
    description:
      'API requests one signed-in session may make per minute (instead of the per-address limit); room for bursts of 20 per second in the Explorer.',
  },
  {
    name: 'QUERY_TIMEOUT_SECONDS',
    default: String(CONFIG_DEFAULTS.queryTimeoutSeconds),
    description:
      'Longest a warehouse query (DuckDB, ClickHouse) or a PostgreSQL statement may run; it is then stopped and the request answers 503.',
  },
  {
    name: 'QUERY_CONCURRENCY_PER_CLIENT',
    default: String(CONFIG_DEFAULTS.queryConcurrencyPerClient),
    description:
      'Requests of one client (or one anonymous address) that may read the warehouse at once; another gets 429 with Retry-After.',
  },
  {
    name: 'SCHEDULER_TICK_SECONDS',
    default: String(CONFIG_DEFAULTS.schedulerTickSeconds),
    description:
      'How often the resource scheduler compares each scheduled resource with its schedule and acts on the difference; divides a minute or an hour.',
  },
  {
    name: 'TEST_CLOCK_CONTROL',
    default: 'false',
    description:
      'Tests only (the browser suite sets it): `true` adds GET and POST /api/test/clock/, which read and move ahead the app clock (the simulated cloud, the resource scheduler, when jobs fall due) or, with scope cloud, only the clock of the simulated cloud and the resource scheduler, so a test sees a schedule act without waiting. Refused with NODE_ENV=production.',
  },
  {
    name: 'OUTBOUND_ALLOW',
    default: '(unset: public addresses only)',
    description:
      'Comma-separated host names, addresses and CIDR ranges (`minio.internal,10.0.0.0/8`) that webhook, Slack, Teams, PagerDuty, S3/Azure endpoint and SSO issuer URLs may reach although they are loopback, private or link-local; everything else of that kind is refused.',
  },
  {
    name: 'SERVER_IDENTITY_ACCOUNTS',
    default: '(unset: none)',
    description:
      "Comma-separated Finlens cloud-account ids whose S3 billing source may read with the server's own AWS identity (the SDK's default credential chain) when it has no keys or role; every other source without them awaits configuration and is not polled.",
  },
  {
    name: 'SHARESAVE_PARTNERS',
    default: '(unset: none)',
    description:
      'Comma-separated partner ids (as in /app_partner/partner/) whose clients see ShareSave, the savings-share report, although their own sharesave_allowed is off; elsewhere it stays invisible.',
  },
];

const HTTP_PROTOCOLS = ['http:', 'https:'];

function hasProtocol(protocols: readonly string[], value: string): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function urlWithProtocols(protocols: readonly string[], message: string) {
  return z.string().refine((value) => hasProtocol(protocols, value), message);
}

function positiveWholeNumber(message: string) {
  return z
    .string()
    .regex(/^[1-9]\d*$/, message)
    .transform(Number)
    .refine(Number.isSafeInteger, message);
}

const httpUrl = urlWithProtocols(HTTP_PROTOCOLS, 'must be an http:// or https:// URL');

const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const clickHouseUrls = z
  .string()
  .transform(commaList)
  .refine(
    (urls) => urls.length > 0 && urls.every((url) => hasProtocol(HTTP_PROTOCOLS, url)),
    'must be an http:// or https:// URL, or a comma-separated list of them (one per shard)',
  )
  .refine((urls) => new Set(urls).size === urls.length, 'lists the same server twice');

// One parser per variable; each message completes the sentence "<NAME> ...".
const variableSchemas = {
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be an integer between 0 and 65535')
    .transform(Number)
    .refine((port) => port <= 65535, 'must be an integer between 0 and 65535'),
  HOST: z.string().regex(/^[\w.:-]+$/, 'must be a host name or IP address'),
  DATA_DIR: z.string(),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL'),
  CLICKHOUSE_URL: clickHouseUrls,
  CLICKHOUSE_CLUSTER: z
    .string()
    .regex(/^[\w.-]+$/, "must be a cluster name of the servers' remote_servers (letters, digits, _ . -)"),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL'),
  PUBLIC_URL: httpUrl,
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters long'),
  SUPPORT_EMAIL: z.email('must be an email address'),
  DOCS_URL: httpUrl,
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`),
  INTERNAL_EMAIL_DOMAINS: z
    .string()
    .transform((value) => commaList(value.toLowerCase()))
    .refine(
      (domains) =>
        domains.every((domain) =>
          /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(domain),
        ),
      'must be a comma-separated list of domain names',
    ),
  UPLOAD_MAX_BYTES: positiveWholeNumber('must be a positive whole number of bytes'),
  DEMO_PASSWORD: z.string().superRefine((password, ctx) => {
    for (const problem of serverPasswordProblems(password))
      ctx.addIssue({ code: 'custom', message: problem });
  }),
  DEMO_ON_FIRST_START: z.enum(['true', 'false'], 'must be true or false').transform((v) => v === 'true'),
  DEMO_ROWS: positiveWholeNumber('must be a positive whole number'),
  WAREHOUSE_MEMORY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, 'must be a DuckDB size such as 512MB or 1GB'),
  RATE_LIMIT_PER_MINUTE: positiveWholeNumber('must be a positive whole number'),
  SESSION_RATE_LIMIT_PER_MINUTE: positiveWholeNumber('must be a positive whole number'),
  QUERY_TIMEOUT_SECONDS: positiveWholeNumber('must be a positive whole number'),
  QUERY_CONCURRENCY_PER_CLIENT: positiveWholeNumber('must be a positive whole number'),
  SCHEDULER_TICK_SECONDS: positiveWholeNumber('must be a positive whole number').refine(
    (s) => (s < 60 && 60 % s === 0) || (s % 60 === 0 && 60 % (s / 60) === 0),
    'must divide a minute (10, 15, 30 …) or an hour (60, 120, 300 …)',
  ),
  TEST_CLOCK_CONTROL: z.enum(['true', 'false'], 'must be true or false').transform((v) => v === 'true'),
  OUTBOUND_ALLOW: z
    .string()
    .transform(commaList)
    .refine(
      (entries) => invalidOutboundEntries(entries).length === 0,
      'must be a comma-separated list of host names, IP addresses and CIDR ranges',
    ),
  SERVER_IDENTITY_ACCOUNTS: z
    .string()
    .transform(commaList)
    .refine(
      (ids) => ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)),
      'must be a comma-separated list of cloud-account ids (as in /c/cloud_accounts/{id}/)',
    ),
  SHARESAVE_PARTNERS: z
    .string()
    .transform(commaList)
    .refine(
      (ids) => ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)),
      'must be a comma-separated list of partner ids (as in /app_partner/partner/)',
    ),
} as const;

type VariableName = keyof typeof variableSchemas;
type Parsed = { [K in VariableName]?: z.output<(typeof variableSchemas)[K]> };

/** Empty values count as unset, so `PORT= npm start` behaves like no PORT at all. */
function readVariable(env: NodeJS.ProcessEnv, name: VariableName): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

function parseVariables(env: NodeJS.ProcessEnv): Parsed {
  const parsed: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of Object.keys(variableSchemas) as VariableName[]) {
    const raw = readVariable(env, name);
    if (raw === undefined) continue;
    const result = variableSchemas[name].safeParse(raw);
    if (result.success) {
      parsed[name] = result.data;
      continue;
    }
    const message = result.error.issues[0]?.message ?? 'is invalid';
    // Never echo a secret back into logs.
    const shown = name === 'SECRET_KEY' || name === 'DEMO_PASSWORD' ? `${raw.length} characters` : `"${raw}"`;
    problems.push(`${name} ${message} (got ${shown})`);
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return parsed as Parsed;
}

/** CLICKHOUSE_URL and CLICKHOUSE_CLUSTER together: one server, or several shards of a named cluster. */
function clickHouseSharding(urls: string[] = [], cluster?: string): AppConfig['clickhouseSharding'] {
  if (cluster === undefined && urls.length > 1) {
    throw new ConfigError(
      `Invalid configuration: CLICKHOUSE_URL lists ${urls.length} servers, so CLICKHOUSE_CLUSTER must name the cluster (remote_servers) that has them as its shards`,
    );
  }
  if (cluster !== undefined && urls.length < 2) {
    throw new ConfigError(
      `Invalid configuration: CLICKHOUSE_CLUSTER is set, so CLICKHOUSE_URL must list every shard's URL, comma-separated (it lists ${urls.length === 0 ? 'none' : 'one'})`,
    );
  }
  return cluster === undefined ? null : { cluster, shardUrls: urls };
}

/** Validates the environment; pure apart from resolving DATA_DIR against `cwd`. */
export function parseConfig({ env, cwd }: { env: NodeJS.ProcessEnv; cwd: string }): AppConfig {
  const v = parseVariables(env);
  if (v.TEST_CLOCK_CONTROL === true && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: TEST_CLOCK_CONTROL is for tests only and cannot be set with NODE_ENV=production',
    );
  }
  const clickhouseSharding = clickHouseSharding(v.CLICKHOUSE_URL, v.CLICKHOUSE_CLUSTER);
  const port = v.PORT ?? CONFIG_DEFAULTS.port;
  const dataDir = v.DATA_DIR ?? CONFIG_DEFAULTS.dataDir;
  return {
    port,
    host: v.HOST ?? CONFIG_DEFAULTS.host,
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(cwd, dataDir),
    databaseUrl: v.DATABASE_URL ?? null,
    clickhouseUrl: v.CLICKHOUSE_URL?.[0] ?? null,
    clickhouseSharding,
    smtpUrl: v.SMTP_URL ?? null,
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    secretKey: v.SECRET_KEY ?? null,
    supportEmail: v.SUPPORT_EMAIL ?? CONFIG_DEFAULTS.supportEmail,
    docsUrl: v.DOCS_URL ?? CONFIG_DEFAULTS.docsUrl,
    logLevel: v.LOG_LEVEL ?? CONFIG_DEFAULTS.logLevel,
    internalEmailDomains: v.INTERNAL_EMAIL_DOMAINS ?? [],
    uploadMaxBytes: v.UPLOAD_MAX_BYTES ?? CONFIG_DEFAULTS.uploadMaxBytes,
    demoPassword: v.DEMO_PASSWORD ?? null,
    demoOnFirstStart: v.DEMO_ON_FIRST_START ?? true,
    demoRows: v.DEMO_ROWS ?? CONFIG_DEFAULTS.demoRows,
    warehouseMemoryLimit: v.WAREHOUSE_MEMORY_LIMIT ?? CONFIG_DEFAULTS.warehouseMemoryLimit,
    rateLimitPerMinute: v.RATE_LIMIT_PER_MINUTE ?? CONFIG_DEFAULTS.rateLimitPerMinute,
    sessionRateLimitPerMinute: v.SESSION_RATE_LIMIT_PER_MINUTE ?? CONFIG_DEFAULTS.sessionRateLimitPerMinute,
    queryTimeoutSeconds: v.QUERY_TIMEOUT_SECONDS ?? CONFIG_DEFAULTS.queryTimeoutSeconds,
    queryConcurrencyPerClient: v.QUERY_CONCURRENCY_PER_CLIENT ?? CONFIG_DEFAULTS.queryConcurrencyPerClient,
    schedulerTickSeconds: v.SCHEDULER_TICK_SECONDS ?? CONFIG_DEFAULTS.schedulerTickSeconds,
    testClockControl: v.TEST_CLOCK_CONTROL ?? false,
    outboundAllow: v.OUTBOUND_ALLOW ?? [],
    serverIdentityAccounts: (v.SERVER_IDENTITY_ACCOUNTS ?? []).map((id) => id.toLowerCase()),
    shareSavePartners: (v.SHARESAVE_PARTNERS ?? []).map((id) => id.toLowerCase()),
  };
}
