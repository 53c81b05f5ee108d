import { Worker } from 'node:worker_threads';

/** One PGlite session as the Kysely driver uses it: a statement with its parameters, and close. */
export interface PGliteSession {
  readonly closed: boolean;
  query<R>(sql: string, params: readonly unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
}

type Reply =
  | { ready: true }
  | { failed: ThreadError }
  | { id: number; rows?: unknown[]; affectedRows?: number; error?: ThreadError };

interface ThreadError {
  message: string;
  name?: string;
  [field: string]: unknown;
}

/**
 * Opens the PGlite database in `path` on its own worker thread (ADR 0013): its statements run there, so a long one
 * no longer holds this thread's event loop. Statements run one at a time in the order sent; a statement's error
 * arrives with PostgreSQL's fields (code, detail, constraint, …) on an Error thrown here. The thread keeps the
 * process alive only while a statement is outstanding, as an in-process database would.
 */
export async function openPGliteThread(path: string, startParams: readonly string[]): Promise<PGliteSession> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { path, startParams },
  });
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let closed = false;
  let ended: Error | null = null;

  function end(error: Error): void {
    closed = true;
    ended ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  }

  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', (reply: Reply) => {
      if ('failed' in reply) reject(threadError(reply.failed));
      else resolve();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the app database thread stopped (exit code ${code})`)));
  });
  await ready;
  worker.on('message', (reply: Reply) => {
    if (!('id' in reply)) return;
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    waiting?.resolve(reply);
  });
  worker.on('error', (error) => end(error));
  worker.on('exit', (code) => end(new Error(`the app database thread stopped (exit code ${code})`)));
  worker.unref();

  function send(message: { sql: string; params: readonly unknown[] } | { close: true }): Promise<Reply> {
    if (ended !== null) return Promise.reject(ended);
    const id = nextId++;
    return new Promise<Reply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      try {
        worker.postMessage({ id, ...message });
      } catch (error) {
        // A parameter that cannot cross threads (a function, a class with private state): the statement's error.
        pending.delete(id);
        if (pending.size === 0) worker.unref();
        reject(error);
      }
    });
  }

  return {
    get closed() {
      return closed;
    },
    async query<R>(sql: string, params: readonly unknown[]) {
      const reply = await send({ sql, params });
      if (!('id' in reply)) throw new Error('unexpected reply from the app database thread');
      if (reply.error !== undefined) throw threadError(reply.error);
      return {
        rows: (reply.rows ?? []) as R[],
        ...(reply.affectedRows === undefined ? {} : { affectedRows: reply.affectedRows }),
      };
    },
    async close() {
      if (closed) return;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      await send({ close: true });
      closed = true;
      worker.ref(); // until the thread has ended
      await exited;
    },
  };
}

/** The thread's error as an Error of this thread, with PostgreSQL's fields and this call's stack. */
function threadError({ message, name, ...fields }: ThreadError): Error {
  const error = Object.assign(new Error(message), fields);
  if (name !== undefined && name !== 'Error') error.name = name;
  return error;
}
