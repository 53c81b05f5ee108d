import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { ImportError } from '../import-error';
import { locateManifest, manifestColumns, readManifest } from './export-manifests';
import type { BillingSource, ExportManifestColumns, SourceFile } from './source';

const DATA_FILE = /\.(csv|csv\.gz|parquet)$/i;

/**
 * A local file, or the billing files under a local folder (recursively, in name order). When the folder
 * holds export manifests (a copy of an S3 or Blob export), only the files of each period's latest manifest
 * are read: earlier runs and stale chunks lie beside them (billing-formats §1.5, §6.24).
 */
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
      const manifests: string[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = join(entry.parentPath, entry.name);
        const key = relative(root, full).split(sep).join('/');
        if (locateManifest(key) !== null) manifests.push(key);
        if (!DATA_FILE.test(entry.name)) continue;
        files.push({ displayName: key, localPath: full, bytes: (await stat(full)).size });
      }
      const chosen = manifests.length === 0 ? files : await filesOfManifests(root, manifests, files);
      if (chosen.length === 0) {
        throw new ImportError('no billing files (.csv, .csv.gz, .parquet) in this folder', { file: path });
      }
      return chosen.sort((a, b) => a.displayName.localeCompare(b.displayName));
    },
    dispose: async () => {},
  };
}

/** The data files named by the latest manifest of each period; manifest names end with the local path. */
async function filesOfManifests(
  root: string,
  manifests: string[],
  files: SourceFile[],
): Promise<SourceFile[]> {
  const latest = new Map<
    string,
    { at: number; names: string[]; manifest: string; about?: ExportManifestColumns }
  >();
  for (const key of manifests) {
    const located = locateManifest(key);
    if (located === null) continue;
    const full = join(root, key);
    const { content, billingPeriod } = readManifest(located.layout, await readFile(full, 'utf8'));
    const period = `${located.periodKey}${located.billingPeriod === '' ? (billingPeriod ?? '') : ''}`;
    const at = content.submittedAt?.getTime() ?? (await stat(full)).mtimeMs;
    const current = latest.get(period);
    if (current === undefined || at > current.at) {
      const about = manifestColumns(key, located.layout, content);
      latest.set(period, { at, names: content.fileNames, manifest: key, ...(about && { about }) });
    }
  }
  const chosen = new Map<string, SourceFile>();
  for (const { names, manifest, about } of latest.values()) {
    for (const name of names) {
      const file = files.find((f) => name === f.displayName || name.endsWith(`/${f.displayName}`));
      if (file === undefined) {
        throw new ImportError(`the manifest lists ${name}, which is not in this folder`, { file: manifest });
      }
      chosen.set(file.localPath, about === undefined ? file : { ...file, manifest: about });
    }
  }
  return [...chosen.values()];
}
