import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** A throwaway PostgreSQL for tests, listening on loopback TCP only. */
export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

export type TestPostgresResult = { server: TestPostgres; reason: null } | { server: null; reason: string };

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * Starts PostgreSQL from the machine's initdb/pg_ctl in a temp folder. Resolves to
 * `{ server: null, reason }` only when it cannot run here at all (no binaries, or root
 * without a `postgres` user); a start that fails with the binaries present throws.
 */
export async function startTestPostgres(): Promise<TestPostgresResult> {
  const binDir = findPostgresBinDir();
  if (binDir === null) {
    return { server: null, reason: 'initdb and pg_ctl not found on PATH or under /usr/lib/postgresql/*/bin' };
  }
  const runAs = postgresUserIfRoot();
  if (typeof runAs === 'string') return { server: null, reason: runAs };

  const dir = await mkdtemp(join(tmpdir(), 'finlens-pg-'));
  if (runAs !== null) await chown(dir, runAs.uid, runAs.gid);
  const dataDir = join(dir, 'data');
  const pgCtl = join(binDir, 'pg_ctl');
  try {
    await run(
      join(binDir, 'initdb'),
      ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      {
        runAs,
        cwd: dir,
      },
    );
    const port = await freePort();
    // -k keeps the unix socket inside the temp folder; clients connect over TCP.
    const serverOptions = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`;
    await run(
      pgCtl,
      ['-D', dataDir, '-l', join(dir, 'postgres.log'), '-w', '-t', '60', '-o', serverOptions, 'start'],
      {
        runAs,
        cwd: dir,
      },
    ).catch(async (error: unknown) => {
      const log = await readFile(join(dir, 'postgres.log'), 'utf8').catch(() => '');
      throw new Error(`${(error as Error).message}\n${log.slice(-2000)}`);
    });
    const stop = async () => {
      await run(pgCtl, ['-D', dataDir, 'stop', '-m', 'immediate', '-w'], { runAs, cwd: dir }).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    };
    return { server: { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop }, reason: null };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

interface SharedTestPostgres {
  started: Promise<TestPostgresResult>;
  users: number;
}

/** On globalThis: each project's global set-up loads its own copy of this module, all in one process. */
const SHARED = Symbol.for('finlens.sharedTestPostgres');
type WithShared = typeof globalThis & { [SHARED]?: SharedTestPostgres };

/**
 * The run's one test PostgreSQL, for the global set-ups of every project that needs it: the first call
 * starts it, later ones (other projects' set-ups, run one after another in the same process) get the same
 * cluster. Each caller releases it in its teardown; the last release stops it, whatever the teardowns' order.
 */
export async function acquireSharedTestPostgres(): Promise<
  { url: string; release(): Promise<void>; reason: null } | { url: null; reason: string }
> {
  const holder = globalThis as WithShared;
  let shared = holder[SHARED];
  if (shared === undefined) {
    shared = { started: startTestPostgres(), users: 0 };
    holder[SHARED] = shared;
  }
  const current = shared;
  const started = await current.started.catch((error: unknown) => {
    if (holder[SHARED] === current) delete holder[SHARED];
    throw error;
  });
  if (started.server === null) return { url: null, reason: started.reason };
  current.users += 1;
  const { server } = started;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    current.users -= 1;
    if (current.users > 0) return;
    if (holder[SHARED] === current) delete holder[SHARED];
    await server.stop();
  };
  return { url: server.url, release, reason: null };
}

/** Under CI a PostgreSQL that cannot run is a failure; elsewhere the tests skip with the printed reason. */
export function skipOrFailWithoutPostgres(reason: string): void {
  if (process.env.CI === 'true') throw new Error(`PostgreSQL tests cannot run under CI=true: ${reason}`);
  console.warn(`Skipping PostgreSQL tests: ${reason}`);
}

/** Why a test PostgreSQL cannot run here (no binaries, or root without a `postgres` user), or null. */
export function testPostgresUnavailableReason(): string | null {
  if (findPostgresBinDir() === null)
    return 'initdb and pg_ctl not found on PATH or under /usr/lib/postgresql/*/bin';
  const runAs = postgresUserIfRoot();
  return typeof runAs === 'string' ? runAs : null;
}

function findPostgresBinDir(): string | null {
  const hasBinaries = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  const onPath = (process.env.PATH ?? '').split(delimiter).find((dir) => dir !== '' && hasBinaries(dir));
  if (onPath !== undefined) return onPath;
  // Debian and Ubuntu keep server binaries off PATH, one folder per major version; take the newest.
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  const dir = versions.map((version) => join(root, version, 'bin')).find(hasBinaries);
  return dir ?? null;
}

/** initdb refuses to run as root, so root runs it as the `postgres` system user. */
function postgresUserIfRoot(): RunAs | null | string {
  if (process.getuid?.() !== 0) return null;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return 'running as root and there is no postgres system user to run initdb as';
  }
}

function run(command: string, args: string[], { runAs, cwd }: { runAs: RunAs | null; cwd: string }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(runAs ?? {}),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${output.slice(-2000)}`));
    });
  });
}

/** A free TCP port on loopback (closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
