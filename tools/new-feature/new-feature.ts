import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { namesOf, nextSteps, skeleton } from './templates';

// `npm run new:feature <name>`: stamps a feature's skeleton on both sides, so every feature starts in the
// same shape (ARCHITECTURE §3, CONVENTIONS "New features start from the scaffolder").

const repoRoot = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Why `name` cannot be stamped in `root`, or null when it can. */
export function refusal(name: string, root = repoRoot): string | null {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    return `"${name}" is not a feature name: lower-case words joined by single hyphens, e.g. cost-widgets`;
  }
  const folders = [`apps/server/src/features/${name}`, `apps/web/src/features/${name}`];
  const files = Object.keys(skeleton(namesOf(name))).filter(
    (file) => !folders.some((f) => file.startsWith(f)),
  );
  const taken = [...folders, ...files].filter((file) => existsSync(path.join(root, file)));
  return taken.length > 0 ? `"${name}" exists already: ${taken.join(', ')}` : null;
}

/** Writes the skeleton under `root`; returns the files written, relative to it. */
export async function stamp(name: string, root = repoRoot): Promise<string[]> {
  const reason = refusal(name, root);
  if (reason !== null) throw new Error(reason);
  const files = skeleton(namesOf(name));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text, { flag: 'wx' });
  }
  // Names of any length: the repository's formatter lays the lines out.
  const biome = path.join(repoRoot, 'node_modules/.bin/biome');
  execFileSync(
    biome,
    ['check', '--write', '--vcs-enabled=false', `--config-path=${repoRoot}`, ...Object.keys(files)],
    {
      cwd: root,
    },
  );
  return Object.keys(files);
}

async function main(args: string[]) {
  const [name, ...rest] = args;
  if (name === undefined || rest.length > 0) {
    console.error('usage: npm run new:feature <name>   (kebab-case, e.g. cost-widgets)');
    process.exitCode = 1;
    return;
  }
  try {
    const files = await stamp(name);
    console.log(
      `Stamped ${name}:\n${files.map((file) => `  ${file}`).join('\n')}\n\n${nextSteps(namesOf(name))}`,
    );
  } catch (error) {
    console.error(`new:feature: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
