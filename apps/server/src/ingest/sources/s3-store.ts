import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { lazy } from '../../platform/lazy';
import { type GuardedHttp, sdkRequestHandler } from '../../platform/outbound/guarded-http';
import type { AwsAccess } from './aws-credentials';
import { normalisePrefix, type RemoteObject, type RemoteStore, SourceError } from './remote-store';

export interface S3Location {
  bucket: string;
  prefix: string;
  region: string;
  access: AwsAccess;
  /** S3-compatible endpoint (tests use s3rver on loopback); implies path-style addressing. */
  endpoint?: string | null;
  /**
   * A tenant's source connects through the outbound guard; null only for the operator's own command line
   * (`finlens import s3://…` with AWS_ENDPOINT_URL_S3), which is not a tenant's choice.
   */
  http: GuardedHttp | null;
}

/**
 * A CUR bucket read with AWS SDK v3; the client is built once per store, on its first call (the SDK loads then:
 * a local import or a server without S3 sources never loads it).
 */
export function s3Store({ bucket, prefix, region, access, endpoint = null, http }: S3Location): RemoteStore {
  const root = normalisePrefix(prefix);
  const sdk = lazy(async () => {
    const s3 = await import('@aws-sdk/client-s3');
    const client = new s3.S3Client({
      region,
      credentials: await credentialsFor(access, region),
      ...(endpoint === null ? {} : { endpoint, forcePathStyle: true }),
      ...(http === null ? {} : { requestHandler: sdkRequestHandler(http) }),
      // Checksums only where S3 requires them: S3-compatible stores reject the newer default trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { s3, client };
  });
  const location = `s3://${bucket}/${root}`;
  const fail = (what: string, error: unknown) =>
    new SourceError(`${what}: ${(error as Error).name}: ${(error as Error).message}`, { cause: error });
  const getObject = async (key: string, signal: AbortSignal | undefined) => {
    const { s3, client } = await sdk();
    const { Body } = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key }), {
      abortSignal: signal,
    });
    return Body;
  };

  return {
    location,
    uriOf: (key) => `s3://${bucket}/${key}`,
    async listObjects(signal) {
      const { s3, client } = await sdk();
      const objects: RemoteObject[] = [];
      try {
        const pages = s3.paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: root });
        for await (const page of pages) {
          signal?.throwIfAborted();
          for (const item of page.Contents ?? []) {
            if (item.Key === undefined) continue;
            objects.push({
              key: item.Key,
              etag: item.ETag?.replaceAll('"', '') ?? null,
              size: item.Size ?? 0,
              lastModified: item.LastModified ?? null,
            });
          }
        }
      } catch (error) {
        throw fail(`cannot list ${location}`, error);
      }
      return objects;
    },
    async readText(key, signal) {
      try {
        const Body = await getObject(key, signal);
        if (Body === undefined) throw new Error('empty response');
        return await Body.transformToString('utf8');
      } catch (error) {
        throw fail(`cannot read s3://${bucket}/${key}`, error);
      }
    },
    async download(key, localPath, signal) {
      try {
        const Body = await getObject(key, signal);
        if (!(Body instanceof Readable)) throw new Error('response body is not a stream');
        await pipeline(Body, createWriteStream(localPath), { signal });
      } catch (error) {
        throw fail(`cannot download s3://${bucket}/${key}`, error);
      }
    },
  };
}

async function credentialsFor(access: AwsAccess, region: string): Promise<S3ClientConfig['credentials']> {
  switch (access.kind) {
    case 'keys':
      return access.keys;
    case 'role': {
      const { assumeRoleCredentials } = await import('../../integrations/aws/assume-role');
      return assumeRoleCredentials({
        roleArn: access.roleArn,
        externalId: access.externalId,
        region,
        sessionName: 'finlens-billing-ingest',
        ...(access.baseKeys ? { baseKeys: access.baseKeys } : {}),
      });
    }
    case 'default':
      return undefined;
  }
}
