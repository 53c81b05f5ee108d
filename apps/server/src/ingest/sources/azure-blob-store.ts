import type { ContainerClient } from '@azure/storage-blob';
import { lazy } from '../../platform/lazy';
import type { GuardedHttp } from '../../platform/outbound/guarded-http';
import { normalisePrefix, type RemoteObject, type RemoteStore, SourceError } from './remote-store';

/** A storage account connection string, or the account URL with a SAS token that grants list and read. */
export type AzureBlobAccess =
  | { kind: 'connection-string'; connectionString: string }
  | { kind: 'sas'; accountUrl: string; sasToken: string };

export interface AzureBlobLocation {
  container: string;
  prefix: string;
  access: AzureBlobAccess;
  /** A tenant's source connects through the outbound guard; null only for the operator's command line. */
  http: GuardedHttp | null;
}

/**
 * The container an Azure cost export writes to, read with @azure/storage-blob; the client is built on the store's
 * first call (the SDK, a few hundred modules, loads then: a local import or a server without Azure sources never
 * loads it).
 */
export function azureBlobStore({ container, prefix, access, http }: AzureBlobLocation): RemoteStore {
  const root = normalisePrefix(prefix);
  const client = lazy(() => containerClient(container, access, http));
  const location = `azure://${container}/${root}`;
  const fail = (what: string, error: unknown) =>
    new SourceError(`${what}: ${(error as Error).name}: ${firstLine(error)}`, { cause: error });

  return {
    location,
    uriOf: (key) => `azure://${container}/${key}`,
    async listObjects(signal) {
      const blobs = await client();
      const objects: RemoteObject[] = [];
      try {
        for await (const blob of blobs.listBlobsFlat({ prefix: root, abortSignal: signal })) {
          objects.push({
            key: blob.name,
            etag: blob.properties.etag?.replaceAll('"', '') ?? null,
            size: blob.properties.contentLength ?? 0,
            lastModified: blob.properties.lastModified ?? null,
          });
        }
      } catch (error) {
        throw fail(`cannot list ${location}`, error);
      }
      return objects;
    },
    async readText(key, signal) {
      const blobs = await client();
      try {
        const buffer = await blobs.getBlobClient(key).downloadToBuffer(0, undefined, { abortSignal: signal });
        return buffer.toString('utf8').replace(/^\uFEFF/, '');
      } catch (error) {
        throw fail(`cannot read azure://${container}/${key}`, error);
      }
    },
    async download(key, localPath, signal) {
      const blobs = await client();
      try {
        // downloadToFile streams the body to disk, retrying dropped connections from the last byte.
        await blobs.getBlobClient(key).downloadToFile(localPath, 0, undefined, { abortSignal: signal });
      } catch (error) {
        throw fail(`cannot download azure://${container}/${key}`, error);
      }
    },
  };
}

/** The container's client; a tenant's (`http` given) sends every request through the outbound guard. */
async function containerClient(
  container: string,
  access: AzureBlobAccess,
  http: GuardedHttp | null,
): Promise<ContainerClient> {
  const sdk = await import('@azure/storage-blob');
  const plain = plainContainerClient(sdk, container, access);
  if (http === null) return plain;
  const { guardedPipeline } = await import('./azure-guarded-pipeline');
  return new sdk.ContainerClient(plain.url, guardedPipeline(plain.credential, http));
}

function plainContainerClient(
  sdk: typeof import('@azure/storage-blob'),
  container: string,
  access: AzureBlobAccess,
): ContainerClient {
  switch (access.kind) {
    case 'connection-string':
      return sdk.BlobServiceClient.fromConnectionString(access.connectionString).getContainerClient(
        container,
      );
    case 'sas': {
      const token = access.sasToken.replace(/^\?/, '');
      return new sdk.ContainerClient(
        `${access.accountUrl.replace(/\/+$/, '')}/${encodeURIComponent(container)}?${token}`,
      );
    }
  }
}

/** Azure errors carry the whole XML response in their message; the first line is the useful part. */
function firstLine(error: unknown): string {
  return ((error as Error).message ?? String(error)).split('\n')[0] ?? '';
}
