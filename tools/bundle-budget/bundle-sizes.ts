import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`), as much of it as the budget reads. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Budget {
  name: string;
  /** The page module as the manifest keys it (a path under apps/web). */
  page: string;
  /** `initial`: what loads before the screen paints (static imports); `all`: also what the page loads lazily. */
  load: 'initial' | 'all';
  maxKb: number;
}

interface ScreenSize {
  name: string;
  files: string[];
  gzipKb: number;
  maxKb: number;
}

const BUDGETS_FILE = join(import.meta.dirname, 'budgets.json');

function readBudgets(): Budget[] {
  return (JSON.parse(readFileSync(BUDGETS_FILE, 'utf8')) as { budgets: Budget[] }).budgets;
}

/**
 * The chunks `keys` load: their static imports, transitively, and with `load: 'all'` their lazy ones too — except
 * the lazy imports of chunks in `shared` (the app's entry imports every page lazily; those are other screens).
 */
function closure(
  manifest: Manifest,
  keys: string[],
  load: Budget['load'],
  shared: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`the build manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
    if (load === 'all' && !shared.has(key)) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

/**
 * The gzip size of the JavaScript each budgeted screen loads: the app's entry (index.html's script and what it
 * imports) plus the page's chunk and its imports, each file counted once, gzip level 9 as the build ships it.
 */
export function screenSizes(distDir: string, budgets: Budget[] = readBudgets()): ScreenSize[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
  const gzipBytes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipBytes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
      gzipBytes.set(file, size);
    }
    return size;
  };
  const entry = closure(manifest, entries, 'initial');
  return budgets.map((budget) => {
    const keys = new Set([...entry, ...closure(manifest, [budget.page], budget.load, entry)]);
    const files = [...keys]
      .map((key) => (manifest[key] as ManifestChunk).file)
      .filter((f) => f.endsWith('.js'));
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    return { name: budget.name, files, gzipKb: Math.round(bytes / 102.4) / 10, maxKb: budget.maxKb };
  });
}
