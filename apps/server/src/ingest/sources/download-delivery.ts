import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import type { BillingDelivery } from './billing-delivery';
import type { RemoteStore } from './remote-store';
import type { BillingSource, SourceFile } from './source';

/**
 * Streams a delivery's files into a fresh temporary folder and returns them as a BillingSource the importer
 * reads like a local folder; `dispose()` deletes the copies.
 */
export async function downloadDelivery({
  store,
  delivery,
  tempRoot = tmpdir(),
  signal,
}: {
  store: RemoteStore;
  delivery: BillingDelivery;
  tempRoot?: string;
  signal?: AbortSignal;
}): Promise<BillingSource> {
  await mkdir(tempRoot, { recursive: true });
  const dir = await mkdtemp(join(tempRoot, 'finlens-delivery-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const files: SourceFile[] = [];
    for (const [index, file] of delivery.files.entries()) {
      // The index keeps two chunks with the same base name (different folders) apart; the name keeps the extension.
      const localPath = join(dir, `${String(index).padStart(5, '0')}-${posix.basename(file.key)}`);
      await store.download(file.key, localPath, signal);
      files.push({ displayName: store.uriOf(file.key), localPath, bytes: file.size });
    }
    return { location: `${store.location} ${delivery.billingPeriod}`, listFiles: async () => files, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
