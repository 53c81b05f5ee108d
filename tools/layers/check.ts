import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { cruisedFolders, cruiseOptions, resolveOptions } from './rules';

// `npm run lint` runs this: the layer rules of ARCHITECTURE §3 against a baseline of known violations that may
// only shrink. A violation not in the baseline fails; so does a baseline entry that no longer occurs.

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

export const baselineFile = fileURLToPath(new URL('./baseline.json', import.meta.url));
const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

const keyOf = (v: Violation) => `${v.rule} ${v.from} -> ${v.to}`;

/** Every violation of the layer rules in the tree under `baseDir` (default: this repository). */
export async function findViolations(baseDir = root, folders = cruisedFolders): Promise<Violation[]> {
  const { output } = await cruise(folders, cruiseOptions(baseDir, baseDir === root), resolveOptions);
  const result = output as ICruiseResult;
  const unique = new Map<string, Violation>();
  for (const v of result.summary.violations) {
    const violation = { rule: v.rule.name, from: v.from, to: v.to };
    unique.set(keyOf(violation), violation);
  }
  return [...unique.values()].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

export async function readBaseline(file = baselineFile): Promise<Violation[]> {
  return JSON.parse(await readFile(file, 'utf8')) as Violation[];
}

/** What is new since the baseline and which baseline entries no longer occur. */
export function compare(found: Violation[], baseline: Violation[]) {
  const known = new Set(baseline.map(keyOf));
  const current = new Set(found.map(keyOf));
  return {
    added: found.filter((v) => !known.has(keyOf(v))),
    gone: baseline.filter((v) => !current.has(keyOf(v))),
  };
}

/** One entry a line, so the baseline's diff reads as the list of imports fixed or taken in. */
const serialise = (violations: Violation[]) =>
  `[\n${violations.map((v) => `  ${JSON.stringify(v)}`).join(',\n')}\n]\n`;

const show = (v: Violation) => `  ${v.rule}: ${v.from} → ${v.to}`;

async function main(args: string[]) {
  const found = await findViolations();
  const baseline = await readBaseline();
  const { added, gone } = compare(found, baseline);
  if (args.includes('--summary')) {
    const counts = new Map<string, number>();
    for (const v of found) counts.set(v.rule, (counts.get(v.rule) ?? 0) + 1);
    for (const [rule, count] of [...counts].sort()) console.log(`${String(count).padStart(5)}  ${rule}`);
  }
  if (args.includes('--prune') || args.includes('--rewrite')) {
    // --prune drops what no longer occurs; --rewrite also takes in new entries (a moved file's old debt), which
    // a reviewer sees in the baseline's diff.
    const next = args.includes('--rewrite')
      ? found
      : baseline.filter((v) => !gone.some((g) => keyOf(g) === keyOf(v)));
    await writeFile(baselineFile, serialise(next));
    console.log(
      `layers: baseline ${baseline.length} → ${next.length} (${gone.length} gone, ${next.length - baseline.length + gone.length} taken in)`,
    );
    return;
  }
  if (added.length > 0) {
    console.error(
      `layers: ${added.length} import(s) break the layers (ARCHITECTURE §3):\n${added.map(show).join('\n')}`,
    );
  }
  if (gone.length > 0) {
    console.error(
      `layers: ${gone.length} baseline entr(y/ies) no longer occur; run \`npm run lint:layers -- --prune\`:\n${gone.map(show).join('\n')}`,
    );
  }
  if (added.length > 0 && gone.length > 0) {
    console.error(
      'layers: if the new ones are old imports carried by a move, `npm run lint:layers -- --rewrite` takes them in ' +
        '(the baseline diff shows it); otherwise fix the imports.',
    );
  }
  if (added.length > 0 || gone.length > 0) process.exitCode = 1;
  else console.log(`layers: ok (${found.length} known violations in the baseline, none new)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
