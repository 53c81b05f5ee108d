import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Resolved from this file rather than the cwd so `npm start` works from any folder.
export const serverPackageDir = fileURLToPath(new URL('../../', import.meta.url));
export const repoRoot = resolve(serverPackageDir, '../..');
export const webPackageDir = resolve(repoRoot, 'apps/web');
export const defaultWebDistDir = resolve(webPackageDir, 'dist');
