import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { CSRF_COOKIE, CSRF_HEADER, hostCookieName } from '@finlens/contracts/session';
import type { Kysely } from 'kysely';
import { type AppDatabase, openAppDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import type { AppTables } from '../db/tables';
import { randomToken } from '../platform/auth/tokens';
import type { AppConfig } from '../platform/config';
import { openCostStore, type WarehouseStore } from '../warehouse/open-cost-store';
import { DEFAULT_LOCK_TIMEOUT_SECONDS } from './command-options';
import {
  CommandFailure,
  type CommandOutput,
  type CommandProgress,
  terminalOutput,
  WarehouseBusyError,
} from './command-output';
import { type RunFile, readLiveRunFile } from './run-file';

export const LOCAL_CONTROL_COMMANDS = ['import', 'query', 'demo'] as const;
export type LocalControlCommand = (typeof LOCAL_CONTROL_COMMANDS)[number];
export const localControlPath = (command: LocalControlCommand) => `/api/local/${command}`;
/** One line of a local-control answer (NDJSON): the command's output as it happens, then its end. */
export type LocalControlEvent =
  | ({ type: 'progress' } & CommandProgress)
  | { type: 'endProgress' }
  | { type: 'stdout'; text: string }
  | { type: 'stderr'; text: string }
  | { type: 'done'; result: unknown }
  | { type: 'error'; text: string; exitCode: number };

export interface OpenStores {
  db: Kysely<AppTables>;
  warehouse: WarehouseStore;
}

type StoreConfig = Pick<AppConfig, 'dataDir' | 'databaseUrl'>;

/**
 * Runs a warehouse command where it may run: in the running server of the data folder when there is one
 * (DATA_DIR/run/server.json names a live process that answers), through its local-control route with the
 * output replayed here; otherwise in this process. The server goes first even when the warehouse would open
 * (a ClickHouse warehouse has no file lock, but the embedded app database must never have two processes).
 * When another process holds the warehouse (another CLI import), waits for it up to `lockTimeoutMs`, then
 * fails with a message that says so.
 */
export async function runHereOrInServer<T>(args: {
  config: StoreConfig;
  command: LocalControlCommand;
  /** The local-control request body that asks the server for the same work. */
  body: unknown;
  here: (stores: OpenStores, output: CommandOutput) => Promise<T>;
  lockTimeoutMs?: number;
  output?: CommandOutput;
}): Promise<T> {
  const { config } = args;
  const output = args.output ?? terminalOutput();
  const lockTimeoutMs = args.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_SECONDS * 1000;
  const deadline = Date.now() + lockTimeoutMs;
  let waiting = false;
  try {
    for (;;) {
      const server = await readLiveRunFile(config.dataDir);
      if (server !== null) {
        const sent = await sendToServer(server, args.command, args.body, output);
        if (sent.reached) return sent.result as T;
      }
      const opened = await openStores(config);
      if ('warehouse' in opened) {
        try {
          await opened.warehouse.init();
          await migrate(opened.db.db);
          return await args.here({ db: opened.db.db, warehouse: opened.warehouse }, output);
        } finally {
          await Promise.allSettled([opened.db.close(), opened.warehouse.close()]);
        }
      }
      const holder = opened.holderPid === null ? '' : ` (PID ${opened.holderPid})`;
      if (Date.now() >= deadline) {
        throw new WarehouseBusyError(
          `The warehouse in ${config.dataDir} is in use by another Finlens process${holder} and no running ` +
            `Finlens server of this data folder answers; waited ${Math.round(lockTimeoutMs / 1000)} s. ` +
            'Run the command again when that process has finished, or wait longer with --lock-timeout SECONDS.',
        );
      }
      if (!waiting) {
        output.stderr(
          `Waiting for the warehouse in ${config.dataDir}: another Finlens process${holder} is using it ` +
            `(up to ${Math.round(lockTimeoutMs / 1000)} s).\n`,
        );
        waiting = true;
      }
      await sleep(Math.min(500, Math.max(0, deadline - Date.now())));
    }
  } finally {
    output.endProgress();
  }
}

/**
 * The warehouse first, because DuckDB refuses a second process with a file lock and the embedded app
 * database has no such guard; then the app database (closing the warehouse again when that fails).
 */
async function openStores(
  config: StoreConfig,
): Promise<{ warehouse: WarehouseStore; db: AppDatabase } | { holderPid: string | null }> {
  let warehouse: WarehouseStore;
  try {
    warehouse = await openCostStore(config);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/lock/i.test(message)) throw error;
    return { holderPid: /PID (\d+)/.exec(message)?.[1] ?? null };
  }
  const db = await openAppDatabase(config).catch(async (error: unknown) => {
    await warehouse.close();
    throw error;
  });
  return { warehouse, db };
}

/**
 * POSTs the command to the server over loopback and replays the NDJSON events into `output`. `reached` is
 * false when nothing answers at the run file's address (the server is still starting, or the file outlived
 * it and its PID was reused), so the caller keeps waiting.
 */
async function sendToServer(
  server: RunFile,
  command: LocalControlCommand,
  body: unknown,
  output: CommandOutput,
): Promise<{ reached: false } | { reached: true; result: unknown }> {
  const response = await post(new URL(localControlPath(command), server.url), server.token, body).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') return null;
      throw error;
    },
  );
  if (response === null) return { reached: false };
  if (response.statusCode !== 200) {
    let text = '';
    for await (const chunk of response) text += String(chunk);
    const detail = (() => {
      try {
        return (JSON.parse(text) as { detail?: string }).detail ?? text;
      } catch {
        return text;
      }
    })();
    throw new CommandFailure(
      `The running Finlens server (PID ${server.pid}) refused the ${command}: HTTP ${response.statusCode} ${detail}`,
    );
  }
  output.stderr(`Handing the ${command} to the running Finlens server (PID ${server.pid}).\n`);
  for await (const line of createInterface({ input: response, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line.trim() === '') continue;
    const event = JSON.parse(line) as LocalControlEvent;
    switch (event.type) {
      case 'progress':
        output.progress(event);
        break;
      case 'endProgress':
        output.endProgress();
        break;
      case 'stdout':
        output.stdout(event.text);
        break;
      case 'stderr':
        output.stderr(event.text);
        break;
      case 'done':
        return { reached: true, result: event.result };
      case 'error':
        throw new CommandFailure(event.text, event.exitCode);
    }
  }
  throw new CommandFailure(
    `The running Finlens server (PID ${server.pid}) ended the ${command} without a result`,
  );
}

/**
 * Plain node:http, which has no body timeout: an import or demo can run for many minutes. The CSRF cookie and
 * header pair is the double submit the API asks of every cookie-less POST (under both of the cookie's names:
 * the server reads `__Host-csrftoken` when its PUBLIC_URL is https); the run file's token is what authorises the call.
 */
function post(url: URL, token: string, body: unknown) {
  const csrf = randomToken(16);
  const payload = JSON.stringify(body);
  return new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        cookie: `${CSRF_COOKIE}=${csrf}; ${hostCookieName(CSRF_COOKIE, true)}=${csrf}`,
        [CSRF_HEADER]: csrf,
      },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end(payload);
  });
}
