import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { ImportError } from '../import-error';
import type { BillingSource, SourceFile } from './source';

const DATA_FILE = /\.(csv|csv\.gz|parquet)$/i;

/** A local file, or every billing file under a local folder (recursively, in name order). */
export function localSource(path: string): BillingSource {
  const root = resolve(path);
  return {
    location: root,
    listFiles: async () => {
      const info = await stat(root).catch(() => null);
      if (info === null) throw new ImportError('no such file or folder', { file: path });
      if (info.isFile()) return [{ displayName: basename(root), localPath: root, bytes: info.size }];
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      const files: SourceFile[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || !DATA_FILE.test(entry.name)) continue;
        const full = join(entry.parentPath, entry.name);
        files.push({ displayName: relative(root, full), localPath: full, bytes: (await stat(full)).size });
      }
      if (files.length === 0) {
        throw new ImportError('no billing files (.csv, .csv.gz, .parquet) in this folder', { file: path });
      }
      return files.sort((a, b) => a.displayName.localeCompare(b.displayName));
    },
    dispose: async () => {},
  };
}
