// The embedded app database's own thread (ADR 0013): PGlite (Postgres compiled to WebAssembly) executes every
// statement synchronously on the thread that calls it, so it lives here and the server's event loop only posts
// statements and receives rows. Plain JavaScript: a worker thread starts without the server's TypeScript loader.
// Messages in: { id, sql, params } runs one statement; { id, close: true } closes the database.
// Messages out: { ready: true } once open, or { failed }; then { id, rows, affectedRows } or { id, error } per message.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (port === null) throw new Error('pglite-worker.mjs runs as a worker thread');

/** What a statement's error carries across the thread: its message, name and every field PostgreSQL set. */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

let database;
try {
  database = await PGlite.create(workerData.path, { startParams: workerData.startParams });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ failed: describe(error) });
  process.exit(1);
}

// One message at a time, in the order sent: the server hands the session to one caller at a time, and a
// transaction's statements must run in its order.
let queue = Promise.resolve();
port.on('message', (message) => {
  queue = queue.then(async () => {
    if (message.close) {
      if (!database.closed) await database.close();
      port.postMessage({ id: message.id });
      port.close();
      return;
    }
    try {
      const { rows, affectedRows } = await database.query(message.sql, message.params);
      port.postMessage({ id: message.id, rows, affectedRows });
    } catch (error) {
      port.postMessage({ id: message.id, error: describe(error) });
    }
  });
});
