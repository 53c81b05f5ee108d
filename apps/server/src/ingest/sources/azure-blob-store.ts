import { BlobServiceClient, ContainerClient } from '@azure/storage-blob';
import type { GuardedHttp } from '../../platform/outbound/guarded-http';
import { guardedPipeline } from './azure-guarded-pipeline';
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

/** The container an Azure cost export writes to, read with @azure/storage-blob. */
export function azureBlobStore({ container, prefix, access, http }: AzureBlobLocation): RemoteStore {
  const root = normalisePrefix(prefix);
  const plain = containerClient(container, access);
  const client =
    http === null ? plain : new ContainerClient(plain.url, guardedPipeline(plain.credential, http));
  const location = `azure://${container}/${root}`;
  const fail = (what: string, error: unknown) =>
    new SourceError(`${what}: ${(error as Error).name}: ${firstLine(error)}`, { cause: error });

  return {
    location,
    uriOf: (key) => `azure://${container}/${key}`,
    async listObjects(signal) {
      const objects: RemoteObject[] = [];
      try {
        for await (const blob of client.listBlobsFlat({ prefix: root, abortSignal: signal })) {
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
      try {
        const buffer = await client
          .getBlobClient(key)
          .downloadToBuffer(0, undefined, { abortSignal: signal });
        return buffer.toString('utf8').replace(/^\uFEFF/, '');
      } catch (error) {
        throw fail(`cannot read azure://${container}/${key}`, error);
      }
    },
    async download(key, localPath, signal) {
      try {
        // downloadToFile streams the body to disk, retrying dropped connections from the last byte.
        await client.getBlobClient(key).downloadToFile(localPath, 0, undefined, { abortSignal: signal });
      } catch (error) {
        throw fail(`cannot download azure://${container}/${key}`, error);
      }
    },
  };
}

function containerClient(container: string, access: AzureBlobAccess): ContainerClient {
  switch (access.kind) {
    case 'connection-string':
      return BlobServiceClient.fromConnectionString(access.connectionString).getContainerClient(container);
    case 'sas': {
      const token = access.sasToken.replace(/^\?/, '');
      return new ContainerClient(
        `${access.accountUrl.replace(/\/+$/, '')}/${encodeURIComponent(container)}?${token}`,
      );
    }
  }
}

/** Azure errors carry the whole XML response in their message; the first line is the useful part. */
function firstLine(error: unknown): string {
  return ((error as Error).message ?? String(error)).split('\n')[0] ?? '';
}
