import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import type { BillingDelivery } from './billing-delivery';
import type { RemoteObject, RemoteStore } from './remote-store';
import type { BillingSource, ExportManifestColumns, SourceFile } from './source';

interface DownloadOptions {
  store: RemoteStore;
  tempRoot?: string;
  signal?: AbortSignal;
}

/** A delivery's files as a BillingSource the importer reads like a local folder (see downloadFiles). */
export function downloadDelivery({ delivery, ...options }: DownloadOptions & { delivery: BillingDelivery }) {
  return downloadFiles({
    ...options,
    files: delivery.files,
    location: `${options.store.location} ${delivery.billingPeriod}`,
    ...(delivery.manifestColumns &&
      delivery.layout !== 'azure' && {
        manifest: {
          name: options.store.uriOf(delivery.manifestKey),
          layout: delivery.layout,
          columns: delivery.manifestColumns,
        },
      }),
  });
}

/**
 * Streams objects one by one into a fresh temporary folder (memory stays flat whatever their size) and
 * returns them as a BillingSource; `dispose()` deletes the copies.
 */
export async function downloadFiles({
  store,
  files,
  location,
  tempRoot = tmpdir(),
  signal,
  manifest,
}: DownloadOptions & {
  files: readonly RemoteObject[];
  location: string;
  manifest?: ExportManifestColumns;
}): Promise<BillingSource> {
  await mkdir(tempRoot, { recursive: true });
  const dir = await mkdtemp(join(tempRoot, 'finlens-delivery-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const local: SourceFile[] = [];
    for (const [index, file] of files.entries()) {
      // The index keeps two chunks with the same base name (different folders) apart; the name keeps the extension.
      const localPath = join(dir, `${String(index).padStart(5, '0')}-${posix.basename(file.key)}`);
      await store.download(file.key, localPath, signal);
      local.push({
        displayName: store.uriOf(file.key),
        localPath,
        bytes: file.size,
        ...(manifest && { manifest }),
      });
    }
    return { location, listFiles: async () => local, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
