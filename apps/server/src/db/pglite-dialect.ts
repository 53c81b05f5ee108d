import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import { mayHaveChanged } from './app-changes';
import type { PGliteSession } from './pglite-thread';

/**
 * Kysely dialect over a PGlite session (on its own thread, `pglite-thread.ts`). Written here rather than taken from kysely-pglite
 * because that package bundles its own, older Kysely whose compiler and types do not match ours. `changes` counts
 * the statements that may have changed rows (`mayHaveChanged`), once each has run: this process is the database's
 * only writer, so reads can be kept until the count moves (app-changes.ts).
 */
export function createPGliteDialect(client: PGliteSession): { dialect: Dialect; changes: () => number } {
  let changes = 0;
  const counted = (sql: string, affectedRows: number | undefined) => {
    if (mayHaveChanged(sql, affectedRows)) changes += 1;
  };
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(client, counted),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  return { dialect, changes: () => changes };
}

class PGliteDriver implements Driver {
  // PGlite has a single session: hand it to one Kysely connection at a time so a
  // transaction never interleaves with statements from elsewhere.
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;
  readonly #connection: DatabaseConnection;

  constructor(
    private readonly client: PGliteSession,
    private readonly counted: (sql: string, affectedRows: number | undefined) => void,
  ) {
    this.#connection = { executeQuery: (query) => this.#execute(query), streamQuery: unsupportedStream };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release = () => {};
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    if (!this.client.closed) await this.client.close();
  }

  async #execute<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    let result: Awaited<ReturnType<PGliteSession['query']>>;
    try {
      result = await this.client.query<R>(query.sql, [...query.parameters]);
    } catch (error) {
      // A failed statement may still have changed rows (a function's side effects): counted all the same.
      this.counted(query.sql, undefined);
      throw error;
    }
    this.counted(query.sql, result.affectedRows);
    const affected =
      result.affectedRows === undefined ? {} : { numAffectedRows: BigInt(result.affectedRows) };
    return { rows: result.rows as R[], ...affected };
  }
}

// biome-ignore lint/correctness/useYield: the driver contract requires a generator even when unsupported.
async function* unsupportedStream<R>(): AsyncIterableIterator<QueryResult<R>> {
  throw new Error('PGlite does not support streaming queries');
}
