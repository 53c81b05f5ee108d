import { join } from 'node:path';
import { screenSizes } from './bundle-sizes';

// `npm run budget`: the web build's JavaScript per screen against tools/bundle-budget/budgets.json.
// Build first (`npm run build -w @finlens/web`); the browser suite checks the same on the build it serves.
const distDir = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist');
const sizes = screenSizes(distDir);
let over = 0;
for (const size of sizes) {
  const verdict = size.gzipKb <= size.maxKb ? 'ok' : 'OVER';
  if (verdict === 'OVER') over += 1;
  console.log(
    `${size.name.padEnd(20)} ${size.gzipKb.toFixed(1).padStart(7)} KB of ${size.maxKb} KB  ${verdict}  (${size.files.length} files)`,
  );
}
process.exitCode = over === 0 ? 0 : 1;
