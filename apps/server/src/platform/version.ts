import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverPackageDir } from './paths';

/** The server package's version, reported by /api/health, /api/public-config and the OpenAPI document. */
export const appVersion: string = (
  JSON.parse(readFileSync(join(serverPackageDir, 'package.json'), 'utf8')) as { version: string }
).version;
