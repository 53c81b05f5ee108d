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
import type { PGliteSession } from './pglite-thread';

/**
 * Kysely dialect over a PGlite session (on its own thread, `pglite-thread.ts`). Written here rather than taken from kysely-pglite
 * because that package bundles its own, older Kysely whose compiler and types do not match ours.
 */
export function createPGliteDialect(client: PGliteSession): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(client),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

class PGliteDriver implements Driver {
  // PGlite has a single session: hand it to one Kysely connection at a time so a
  // transaction never interleaves with statements from elsewhere.
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;
  readonly #connection: DatabaseConnection;

  constructor(private readonly client: PGliteSession) {
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
    const result = await this.client.query<R>(query.sql, [...query.parameters]);
    const affected =
      result.affectedRows === undefined ? {} : { numAffectedRows: BigInt(result.affectedRows) };
    return { rows: result.rows, ...affected };
  }
}

// biome-ignore lint/correctness/useYield: the driver contract requires a generator even when unsupported.
async function* unsupportedStream<R>(): AsyncIterableIterator<QueryResult<R>> {
  throw new Error('PGlite does not support streaming queries');
}
