'use strict';
/*
 * Sizes libuv's thread pool for the server before anything uses it. The pool runs every DuckDB statement while it
 * executes (one warehouse connection can hold a thread for a whole scan) besides file reads, compression, password
 * hashing and DNS look-ups. libuv starts the pool the first time anything uses it, with UV_THREADPOOL_SIZE as set
 * at that moment (4 when unset), and loading an ES module already reads its file on the pool: so this runs first,
 * from a CommonJS file (finlens.cjs requires it before it imports anything).
 * The size: the DuckDB warehouse's connections (4 reads, the writer, the metrics writer, health's probe) plus
 * libuv's own 4 for everything else, so a scan never makes a page's files, a sign-in or a compressed answer wait
 * (src/warehouse/duckdb/duckdb-readers.ts derives the number of reads from the size). A size set by whoever
 * started the process is kept.
 */
const SERVER_THREAD_POOL_SIZE = 11;

if (!process.env.UV_THREADPOOL_SIZE) process.env.UV_THREADPOOL_SIZE = String(SERVER_THREAD_POOL_SIZE);
