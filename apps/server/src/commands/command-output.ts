import cliProgress from 'cli-progress';
import { ConfigError } from '../platform/config';
import { WebBuildError } from '../platform/web-build';
import { QueryUsageError } from './query-options';

export interface CommandProgress {
  done: number;
  total: number;
  step: string;
}

/**
 * Where `finlens import | query | demo` put what they show. In a terminal it is the process's stdout and
 * stderr with a progress bar; in a running server (local control) the same calls become NDJSON events that
 * the CLI replays into its terminal output, so both paths print the same text.
 */
export interface CommandOutput {
  progress(progress: CommandProgress): void;
  /** The progress display ends, before the summary is printed. */
  endProgress(): void;
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The progress bar on stderr; without a terminal the bar stays silent, so steps are lines. */
export function terminalOutput(): CommandOutput {
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'Importing [{bar}] {value}/{total} {step}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    progress: ({ done, total, step }) => {
      if (!process.stderr.isTTY) process.stderr.write(`Importing: ${step}\n`);
      if (!started) bar.start(total, 0, { step });
      started = true;
      bar.update(done, { step });
    },
    endProgress: () => bar.stop(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  };
}

/** A failure whose message is meant for the user as it is, with the exit code to end with. */
export class CommandFailure extends Error {
  override readonly name: string = 'CommandFailure';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The embedded warehouse is held by another process and no running server can take the work. */
export class WarehouseBusyError extends CommandFailure {
  override readonly name = 'WarehouseBusyError';
}

/** What the CLI prints for an error and the code it exits with: usage problems 2, everything else 1. */
export function describeCommandError(error: unknown): { text: string; exitCode: number } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ConfigError || error instanceof QueryUsageError) {
    return { text: message, exitCode: error.exitCode };
  }
  if (error instanceof CommandFailure) return { text: message, exitCode: error.exitCode };
  if (error instanceof WebBuildError) return { text: message, exitCode: 1 };
  return { text: `finlens: ${message}`, exitCode: 1 };
}
