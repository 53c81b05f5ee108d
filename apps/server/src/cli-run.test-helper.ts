import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { CommanderError } from 'commander';
import { type CliResult, childOutput } from './child-output.test-helper';
import { type CommandOutput, describeCommandError } from './commands/command-output';
import { importCommand } from './commands/import-cli';
import { queryCommand } from './commands/query-cli';
import { seedPglite, withTestDatabaseUrl } from './db/test-app-database';

const launcher = fileURLToPath(new URL('../bin/finlens.cjs', import.meta.url));

/**
 * Runs the real launcher, as `npm run finlens -- …` does, with a controlled environment (plus,
 * in a "(PostgreSQL)" test project, a DATABASE_URL of the DATA_DIR's own test database).
 */
export async function finlens(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return (await startFinlens(args, env)).done;
}

/** finlens() with the child process at hand while it runs (to read its output as it comes, or to kill it). */
export async function startFinlens(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcessByStdio<null, Readable, Readable>; done: Promise<CliResult> }> {
  const child = spawn(process.execPath, [launcher, ...args], {
    env: await commandEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, done: childOutput(child) };
}

/** The command's environment; its data folder gets the run's migrated PGlite cluster when it uses PGlite. */
async function commandEnv(env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  const full = await withTestDatabaseUrl({ PATH: process.env.PATH, HOME: process.env.HOME, ...env });
  if (full.DATABASE_URL === undefined && full.DATA_DIR !== undefined) await seedPglite(full.DATA_DIR);
  return full;
}

/**
 * `finlens query …` or `finlens import …` in this process: the launcher's commander command, configuration and
 * databases, with what it prints collected, and the exit code the launcher would end with (cli.ts). Much faster
 * than a process for the tests about the query or the imported data; the process boundary keeps tests of its own.
 */
export async function finlensHere(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const [name, ...rest] = args;
  const commands = { query: queryCommand, import: importCommand };
  if (name !== 'query' && name !== 'import') {
    throw new Error(`only \`finlens query\` and \`finlens import\` run in the test's process, not "${name}"`);
  }
  const result: CliResult = { code: 0, stdout: '', stderr: '' };
  const output: CommandOutput = {
    progress: () => {},
    endProgress: () => {},
    stdout: (text) => {
      result.stdout += text;
    },
    stderr: (text) => {
      result.stderr += text;
    },
  };
  const command = commands[name]({ env: await commandEnv(env), output })
    .exitOverride()
    .configureOutput({ writeOut: output.stdout, writeErr: output.stderr });
  try {
    await command.parseAsync(rest, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      result.code = error.exitCode;
    } else {
      const { text, exitCode } = describeCommandError(error);
      result.stderr += `${text}\n`;
      result.code = exitCode;
    }
  }
  return result;
}
