import { readFile, rename, writeFile } from 'node:fs/promises';
import { inject } from 'vitest';

/** What the global set-up writes once the suite's server is ready (or could not be made ready). */
type SuiteState = { error?: string };

/** Written by the global set-up: a temporary file first, renamed, so a reader never sees half of it. */
export async function writeSuiteState(file: string, state: SuiteState): Promise<void> {
  await writeFile(`${file}.part`, JSON.stringify(state));
  await rename(`${file}.part`, file);
}

/**
 * Waits until the suite's server serves the demo organisation. The global set-up prepares it (the web build, the
 * demo, the start) in the background, so the other projects' files need not wait for it; a spec waits here
 * before it uses the server (its beforeAll), and fails with the set-up's error when that failed.
 */
export async function suiteReady(): Promise<void> {
  const file = inject('readyFile');
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text !== null) {
      const state = JSON.parse(text) as SuiteState;
      if (state.error !== undefined) throw new Error(`The suite's server was not started:\n${state.error}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Lines of the suite server's log a failing spec prints. */
const LOG_LINES_SHOWN = 300;

/**
 * Prints the end of the suite server's log (stderr) with where the whole log is: every failing test calls it (the
 * project's setup file, print-log-on-failure.ts), and so does a demo session that did not open, so a failure on CI
 * shows what the server did meanwhile (requests and their times, errors, jobs).
 */
export async function printServerLog(reason: string): Promise<void> {
  const file = inject('serverLog');
  if (!file) return;
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return console.error(`[e2e] ${reason}; the suite server's log ${file} cannot be read`);
  const lines = text.split('\n');
  const shown = lines.slice(-LOG_LINES_SHOWN).join('\n');
  console.error(
    `[e2e] ${reason}; the suite server's log ${file} (${lines.length} lines), its last ${LOG_LINES_SHOWN}:\n${shown}`,
  );
}
