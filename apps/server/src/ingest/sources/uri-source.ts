import { azureBlobStore } from './azure-blob-store';
import { downloadFiles } from './download-delivery';
import { findDeliveries } from './find-deliveries';
import { type RemoteObject, type RemoteStore, SourceError } from './remote-store';
import { s3Store } from './s3-store';
import type { BillingSource } from './source';

const URI = /^(s3|azure):\/\/([^/]+)\/?(.*)$/;
const DATA_FILE = /\.(csv|csv\.gz|parquet)$/i;

/** `s3://bucket/prefix` or `azure://container/prefix`; null for anything else (a local path). */
export function parseSourceUri(
  uri: string,
): { scheme: 's3' | 'azure'; bucket: string; prefix: string } | null {
  const match = URI.exec(uri);
  if (match === null) return null;
  return { scheme: match[1] as 's3' | 'azure', bucket: match[2] ?? '', prefix: match[3] ?? '' };
}

/**
 * What `finlens import s3://… | azure://…` reads: the current files of every billing period the prefix's
 * manifests describe, or, without manifests, every billing file under the prefix. Credentials come from the
 * environment: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY (or the SDK's default chain), AWS_REGION and
 * AWS_ENDPOINT_URL_S3; AZURE_STORAGE_CONNECTION_STRING, or AZURE_STORAGE_ACCOUNT_URL with AZURE_STORAGE_SAS_TOKEN.
 */
export function uriSource({
  uri,
  env,
  tempRoot,
}: {
  uri: string;
  env: NodeJS.ProcessEnv;
  tempRoot?: string;
}): BillingSource {
  const store = storeFor(uri, env);
  let downloaded: BillingSource | null = null;
  return {
    location: uri,
    async listFiles() {
      const { deliveries, problems } = await findDeliveries(store);
      if (problems.length > 0) throw new SourceError(problems.map((problem) => problem.message).join('\n'));
      const files = deliveries.length > 0 ? deliveries.flatMap((d) => d.files) : await plainFiles(store);
      if (files.length === 0)
        throw new SourceError(`no billing files (.csv, .csv.gz, .parquet) under ${uri}`);
      downloaded = await downloadFiles({ store, files, location: uri, ...(tempRoot ? { tempRoot } : {}) });
      return downloaded.listFiles();
    },
    dispose: async () => {
      await downloaded?.dispose();
    },
  };
}

async function plainFiles(store: RemoteStore): Promise<RemoteObject[]> {
  const objects = await store.listObjects();
  return objects.filter((object) => DATA_FILE.test(object.key)).sort((a, b) => a.key.localeCompare(b.key));
}

function storeFor(uri: string, env: NodeJS.ProcessEnv): RemoteStore {
  const parsed = parseSourceUri(uri);
  if (parsed === null) throw new SourceError(`${uri} is not an s3:// or azure:// location`);
  const { scheme, bucket, prefix } = parsed;
  if (scheme === 's3') {
    const keys =
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          }
        : null;
    return s3Store({
      bucket,
      prefix,
      region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
      endpoint: env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL ?? null,
      access: keys === null ? { kind: 'default' } : { kind: 'keys', keys },
      http: null,
    });
  }
  if (env.AZURE_STORAGE_CONNECTION_STRING) {
    return azureBlobStore({
      container: bucket,
      prefix,
      access: { kind: 'connection-string', connectionString: env.AZURE_STORAGE_CONNECTION_STRING },
      http: null,
    });
  }
  if (env.AZURE_STORAGE_ACCOUNT_URL && env.AZURE_STORAGE_SAS_TOKEN) {
    return azureBlobStore({
      container: bucket,
      prefix,
      access: {
        kind: 'sas',
        accountUrl: env.AZURE_STORAGE_ACCOUNT_URL,
        sasToken: env.AZURE_STORAGE_SAS_TOKEN,
      },
      http: null,
    });
  }
  throw new SourceError(
    `${uri}: set AZURE_STORAGE_CONNECTION_STRING, or AZURE_STORAGE_ACCOUNT_URL and AZURE_STORAGE_SAS_TOKEN`,
  );
}
