import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, parseConfig } from './config';

const cwd = '/srv/finlens';
const parse = (env: NodeJS.ProcessEnv) => parseConfig({ env, cwd });

function errorFor(env: NodeJS.ProcessEnv): ConfigError {
  try {
    parse(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig defaults', () => {
  it('starts with no variables set', () => {
    expect(parse({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/finlens/data',
      databaseUrl: null,
      clickhouseUrl: null,
      clickhouseSharding: null,
      smtpUrl: null,
      publicUrl: 'http://localhost:8080',
      secretKey: null,
      supportEmail: 'support@finlens.local',
      docsUrl: 'https://github.com/finlens/finlens#readme',
      logLevel: 'info',
      internalEmailDomains: [],
      uploadMaxBytes: 1073741824,
      demoPassword: null,
      demoOnFirstStart: true,
      demoRows: 1000000,
      warehouseMemoryLimit: '1GB',
      rateLimitPerMinute: 600,
      sessionRateLimitPerMinute: 1200,
      queryTimeoutSeconds: 60,
      schedulerTickSeconds: 60,
      testClockControl: false,
      queryConcurrencyPerClient: 4,
      outboundAllow: [],
      serverIdentityAccounts: [],
      shareSavePartners: [],
    });
  });

  it('treats empty values as unset', () => {
    expect(parse({ PORT: '', DATABASE_URL: ' ' }).port).toBe(8080);
  });

  it('lists every variable it reads in the exported table, each with a description', () => {
    expect(CONFIG_VARIABLES.map((v) => v.name)).toEqual([
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'CLICKHOUSE_URL',
      'CLICKHOUSE_CLUSTER',
      'SMTP_URL',
      'PUBLIC_URL',
      'SECRET_KEY',
      'SUPPORT_EMAIL',
      'DOCS_URL',
      'LOG_LEVEL',
      'INTERNAL_EMAIL_DOMAINS',
      'UPLOAD_MAX_BYTES',
      'DEMO_PASSWORD',
      'DEMO_ON_FIRST_START',
      'DEMO_ROWS',
      'WAREHOUSE_MEMORY_LIMIT',
      'RATE_LIMIT_PER_MINUTE',
      'SESSION_RATE_LIMIT_PER_MINUTE',
      'QUERY_TIMEOUT_SECONDS',
      'QUERY_CONCURRENCY_PER_CLIENT',
      'SCHEDULER_TICK_SECONDS',
      'TEST_CLOCK_CONTROL',
      'OUTBOUND_ALLOW',
      'SERVER_IDENTITY_ACCOUNTS',
      'SHARESAVE_PARTNERS',
    ]);
    for (const variable of CONFIG_VARIABLES) expect(variable.description.length).toBeGreaterThan(10);
  });
});

describe('each variable', () => {
  it('DEMO_ON_FIRST_START is true or false; DEMO_ROWS a positive whole number', () => {
    expect(parse({ DEMO_ON_FIRST_START: 'false', DEMO_ROWS: '20000' })).toMatchObject({
      demoOnFirstStart: false,
      demoRows: 20000,
    });
    expect(() => parse({ DEMO_ON_FIRST_START: 'no' })).toThrow(
      /DEMO_ON_FIRST_START must be true or false \(got "no"\)/,
    );
    expect(() => parse({ DEMO_ROWS: '0' })).toThrow(/DEMO_ROWS must be a positive whole number/);
  });

  it('TEST_CLOCK_CONTROL is off by default, true or false, and refused in production', () => {
    expect(parse({}).testClockControl).toBe(false);
    expect(parse({ TEST_CLOCK_CONTROL: 'true' }).testClockControl).toBe(true);
    expect(() => parse({ TEST_CLOCK_CONTROL: 'yes' })).toThrow(/TEST_CLOCK_CONTROL must be true or false/);
    expect(() => parse({ TEST_CLOCK_CONTROL: 'true', NODE_ENV: 'production' })).toThrow(
      /TEST_CLOCK_CONTROL is for tests only and cannot be set with NODE_ENV=production/,
    );
  });

  it('WAREHOUSE_MEMORY_LIMIT is a DuckDB size', () => {
    expect(parse({ WAREHOUSE_MEMORY_LIMIT: '512MB' }).warehouseMemoryLimit).toBe('512MB');
    expect(parse({ WAREHOUSE_MEMORY_LIMIT: '1.5 GiB' }).warehouseMemoryLimit).toBe('1.5 GiB');
    expect(() => parse({ WAREHOUSE_MEMORY_LIMIT: 'lots' })).toThrow(
      /WAREHOUSE_MEMORY_LIMIT must be a DuckDB size such as 512MB or 1GB \(got "lots"\)/,
    );
  });

  it('RATE_LIMIT_PER_MINUTE is a positive whole number', () => {
    expect(parse({ RATE_LIMIT_PER_MINUTE: '5000' }).rateLimitPerMinute).toBe(5000);
    expect(() => parse({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /RATE_LIMIT_PER_MINUTE must be a positive whole number/,
    );
  });

  it('OUTBOUND_ALLOW lists host names, addresses and CIDR ranges', () => {
    expect(parse({ OUTBOUND_ALLOW: 'minio.internal, 10.0.0.0/8,::1' }).outboundAllow).toEqual([
      'minio.internal',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => parse({ OUTBOUND_ALLOW: '10.0.0.0/8,http://x' })).toThrow(
      /OUTBOUND_ALLOW must be a comma-separated list of host names, IP addresses and CIDR ranges/,
    );
  });

  it('SERVER_IDENTITY_ACCOUNTS lists cloud-account ids (never AWS account numbers a tenant could type)', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(parse({}).serverIdentityAccounts).toEqual([]);
    expect(parse({ SERVER_IDENTITY_ACCOUNTS: ` ${id.toUpperCase()} ,` }).serverIdentityAccounts).toEqual([
      id,
    ]);
    expect(() => parse({ SERVER_IDENTITY_ACCOUNTS: '123456789012' })).toThrow(
      /SERVER_IDENTITY_ACCOUNTS must be a comma-separated list of cloud-account ids/,
    );
  });

  it('UPLOAD_MAX_BYTES is a positive whole number of bytes', () => {
    expect(parse({ UPLOAD_MAX_BYTES: '1048576' }).uploadMaxBytes).toBe(1048576);
    expect(() => parse({ UPLOAD_MAX_BYTES: '0' })).toThrow(
      /UPLOAD_MAX_BYTES must be a positive whole number/,
    );
    expect(() => parse({ UPLOAD_MAX_BYTES: '1.5e9' })).toThrow(/UPLOAD_MAX_BYTES/);
  });

  it('DEMO_PASSWORD must satisfy the password rules and is never echoed', () => {
    expect(parse({ DEMO_PASSWORD: 'Str0ng!Pass' }).demoPassword).toBe('Str0ng!Pass');
    expect(() => parse({ DEMO_PASSWORD: 'weakpassword1' })).toThrow(
      /DEMO_PASSWORD Must contain both upper and lower case letters\. \(got 13 characters\)/,
    );
  });

  it('INTERNAL_EMAIL_DOMAINS is a comma-separated, lower-cased list', () => {
    expect(parse({ INTERNAL_EMAIL_DOMAINS: ' Finlens.io, ops.example.com ,' }).internalEmailDomains).toEqual([
      'finlens.io',
      'ops.example.com',
    ]);
    expect(() => parse({ INTERNAL_EMAIL_DOMAINS: 'not a domain' })).toThrow(
      'INTERNAL_EMAIL_DOMAINS must be a comma-separated list of domain names',
    );
  });

  it('PORT accepts 0..65535', () => {
    expect(parse({ PORT: '0' }).port).toBe(0);
    expect(parse({ PORT: '65535' }).port).toBe(65535);
    expect(parse({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it('HOST, DATA_DIR', () => {
    expect(parse({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(parse({ DATA_DIR: 'var/finlens' }).dataDir).toBe('/srv/finlens/var/finlens');
    expect(parse({ DATA_DIR: '/data' }).dataDir).toBe('/data');
  });

  it('DATABASE_URL accepts postgres:// and postgresql://', () => {
    expect(parse({ DATABASE_URL: 'postgres://u:p@db:5432/finlens' }).databaseUrl).toBe(
      'postgres://u:p@db:5432/finlens',
    );
    expect(parse({ DATABASE_URL: 'postgresql://db/finlens' }).databaseUrl).toBe('postgresql://db/finlens');
  });

  it('CLICKHOUSE_URL is validated and kept; unset means the embedded DuckDB warehouse', () => {
    expect(parse({ CLICKHOUSE_URL: 'http://clickhouse:8123' }).clickhouseUrl).toBe('http://clickhouse:8123');
    expect(parse({}).clickhouseUrl).toBeNull();
  });

  it('CLICKHOUSE_URL lists one URL per shard with CLICKHOUSE_CLUSTER; the first is where reads go', () => {
    const config = parse({
      CLICKHOUSE_URL: ' http://ch-1:8123/finlens , https://u:p@ch-2:8443/finlens,',
      CLICKHOUSE_CLUSTER: 'finlens_shards',
    });
    expect(config.clickhouseUrl).toBe('http://ch-1:8123/finlens');
    expect(config.clickhouseSharding).toEqual({
      cluster: 'finlens_shards',
      shardUrls: ['http://ch-1:8123/finlens', 'https://u:p@ch-2:8443/finlens'],
    });
    expect(parse({ CLICKHOUSE_URL: 'http://ch:8123' }).clickhouseSharding).toBeNull();
  });

  it('SMTP_URL, PUBLIC_URL, SECRET_KEY, SUPPORT_EMAIL, DOCS_URL, LOG_LEVEL', () => {
    const config = parse({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      PUBLIC_URL: 'https://finlens.example.com/',
      SECRET_KEY: 'k'.repeat(32),
      SUPPORT_EMAIL: 'help@example.com',
      DOCS_URL: 'https://docs.example.com',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      publicUrl: 'https://finlens.example.com',
      secretKey: 'k'.repeat(32),
      supportEmail: 'help@example.com',
      docsUrl: 'https://docs.example.com',
      logLevel: 'debug',
    });
  });
});

describe('bad values name the variable', () => {
  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be an integer between 0 and 65535 (got "70000")'],
    [{ PORT: '-1' }, 'PORT must be an integer'],
    [{ HOST: 'not a host' }, 'HOST must be a host name or IP address'],
    [{ DATABASE_URL: 'mysql://db/finlens' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ CLICKHOUSE_URL: 'clickhouse' }, 'CLICKHOUSE_URL must be an http:// or https:// URL'],
    [
      { CLICKHOUSE_URL: 'http://ch-1:8123,ch-2:8123', CLICKHOUSE_CLUSTER: 'c' },
      'CLICKHOUSE_URL must be an http:// or https:// URL, or a comma-separated list of them (one per shard)',
    ],
    [{ CLICKHOUSE_URL: ',' }, 'CLICKHOUSE_URL must be an http:// or https:// URL'],
    [
      { CLICKHOUSE_URL: 'http://ch-1:8123,http://ch-1:8123', CLICKHOUSE_CLUSTER: 'c' },
      'CLICKHOUSE_URL lists the same server twice',
    ],
    [
      { CLICKHOUSE_URL: 'http://ch-1:8123,http://ch-2:8123', CLICKHOUSE_CLUSTER: 'two shards' },
      "CLICKHOUSE_CLUSTER must be a cluster name of the servers' remote_servers",
    ],
    [
      { CLICKHOUSE_URL: 'http://ch-1:8123,http://ch-2:8123' },
      'CLICKHOUSE_URL lists 2 servers, so CLICKHOUSE_CLUSTER must name the cluster (remote_servers) that has them as its shards',
    ],
    [
      { CLICKHOUSE_URL: 'http://ch-1:8123', CLICKHOUSE_CLUSTER: 'c' },
      "CLICKHOUSE_CLUSTER is set, so CLICKHOUSE_URL must list every shard's URL, comma-separated (it lists one)",
    ],
    [
      { CLICKHOUSE_CLUSTER: 'c' },
      "CLICKHOUSE_URL must list every shard's URL, comma-separated (it lists none)",
    ],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ PUBLIC_URL: 'finlens.example.com' }, 'PUBLIC_URL must be an http:// or https:// URL'],
    [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL must be an email address'],
    [{ DOCS_URL: 'ftp://docs' }, 'DOCS_URL must be an http:// or https:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
  ])('%o', (env, message) => {
    const error = errorFor(env);
    expect(error.message).toContain(message);
    expect(error.exitCode).toBe(2);
  });

  it('SECRET_KEY too short is named without echoing the secret', () => {
    const error = errorFor({ SECRET_KEY: 'hunter2' });
    expect(error.message).toBe(
      'Invalid configuration: SECRET_KEY must be at least 32 characters long (got 7 characters)',
    );
  });

  it('reports every bad variable at once', () => {
    const { message } = errorFor({ PORT: 'x', LOG_LEVEL: 'y' });
    expect(message).toContain('PORT');
    expect(message).toContain('LOG_LEVEL');
  });
});
