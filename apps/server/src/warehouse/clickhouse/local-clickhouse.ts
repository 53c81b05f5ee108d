import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { freePort } from '../../db/test-postgres';

/**
 * Local clickhouse-server processes on loopback, each in a data folder of the caller's choosing: the tests
 * start them in temporary folders (test-clickhouse.ts), the benchmark in a kept folder it restarts on.
 */
interface LocalClickHouse {
  urls: string[];
  /** The servers' process ids (for their peak memory in /proc). */
  pids: number[];
  /** Stops the servers; their data folders stay. */
  stop(): Promise<void>;
  /** Kills the servers at once (SIGKILL), for throwaway data: a clean stop waits seconds for 18.16's shutdown. */
  kill(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

/** The cluster name the generated configs list every started server under (one shard each). */
export const LOCAL_CLUSTER = 'finlens_test';

/** The command that runs the machine's ClickHouse server, or null when none is installed. */
export function findClickHouse(): string[] | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin'].filter(
    (d) => d !== '',
  );
  const server = dirs.map((d) => join(d, 'clickhouse-server')).find((p) => existsSync(p));
  if (server !== undefined) return [server];
  const single = dirs.map((d) => join(d, 'clickhouse')).find((p) => existsSync(p));
  return single === undefined ? null : [single, 'server'];
}

/**
 * Starts one server per folder of `dirs` (Debian's 18.16, or a current single `clickhouse` binary) on free
 * loopback ports, with a generated minimal config written into the folder whose remote_servers lists all of
 * them as the shards of LOCAL_CLUSTER. A folder holding an earlier server's data starts with that data.
 * Throws when no binary is installed or a server does not come up (with the end of its error log).
 * Root is fine: 18.16 does not refuse it.
 */
export async function startLocalClickHouse(dirs: readonly string[]): Promise<LocalClickHouse> {
  const command = findClickHouse();
  if (command === null)
    throw new Error('neither clickhouse-server nor clickhouse found on PATH or in /usr/sbin, /usr/bin');
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
  };
  const kill = async () => {
    await Promise.all(children.map((child) => stopProcess(child, 'SIGKILL')));
  };
  try {
    const ports: { http: number; tcp: number }[] = [];
    for (let i = 0; i < dirs.length; i += 1) ports.push({ http: await freePort(), tcp: await freePort() });
    const cluster = clusterConfig(ports.map((p) => p.tcp));
    const urls = await Promise.all(
      dirs.map(async (dir, i) => {
        const port = ports[i] as { http: number; tcp: number };
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, 'config.xml'), serverConfig(dir, port, cluster));
        await writeFile(join(dir, 'users.xml'), USERS_CONFIG);
        const args = [...command.slice(1), `--config-file=${join(dir, 'config.xml')}`];
        const child = spawn(command[0] as string, args, { cwd: dir, stdio: 'ignore' });
        children.push(child);
        const url = `http://127.0.0.1:${port.http}`;
        await waitUntilReady(url, child).catch(async (error: unknown) => {
          const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
          throw new Error(`${(error as Error).message}\n${log.slice(-2000)}`);
        });
        return url;
      }),
    );
    return { urls, pids: children.map((c) => c.pid ?? 0), stop, kill };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The smallest config both 18.16 and current releases accept: loopback, UTC, small caches, logs in the folder. */
function serverConfig(dir: string, port: { http: number; tcp: number }, cluster: string): string {
  return `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${dir}/server.log</log><errorlog>${dir}/error.log</errorlog></logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${port.http}</http_port>
  <tcp_port>${port.tcp}</tcp_port>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>268435456</mark_cache_size>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
${cluster}
</yandex>
`;
}

/** remote_servers with each server as one shard of LOCAL_CLUSTER (read by Distributed tables). */
function clusterConfig(tcpPorts: number[]): string {
  const shards = tcpPorts.map(
    (port) => `<shard><replica><host>127.0.0.1</host><port>${port}</port></replica></shard>`,
  );
  return `  <remote_servers><${LOCAL_CLUSTER}>${shards.join('')}</${LOCAL_CLUSTER}></remote_servers>`;
}

const USERS_CONFIG = `<?xml version="1.0"?>
<yandex>
  <profiles><default></default></profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas><default></default></quotas>
</yandex>
`;

/** Polls the HTTP interface's /ping until it answers "Ok."; fails early when the server exits. */
async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `clickhouse-server exited (${code ?? signal}) before it was ready`;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(exited);
    const ok = await fetch(`${url}/ping`)
      .then(async (response) => response.ok && (await response.text()).startsWith('Ok'))
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`clickhouse-server did not answer on ${url} within ${READY_TIMEOUT_MS / 1000}s`);
}

/** `signal` (SIGTERM: a clean stop), then SIGKILL if it has not exited after 15 s. */
function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill(signal);
  });
}
