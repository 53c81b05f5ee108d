import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, paginateListObjectsV2, S3Client } from '@aws-sdk/client-s3';
import { assumeRoleCredentials } from '../../integrations/aws/assume-role';
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

/** A CUR bucket read with AWS SDK v3; the client is built once per store. */
export function s3Store({ bucket, prefix, region, access, endpoint = null, http }: S3Location): RemoteStore {
  const root = normalisePrefix(prefix);
  const client = new S3Client({
    region,
    credentials: credentialsFor(access, region),
    ...(endpoint === null ? {} : { endpoint, forcePathStyle: true }),
    ...(http === null ? {} : { requestHandler: sdkRequestHandler(http) }),
    // Checksums only where S3 requires them: S3-compatible stores reject the newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const location = `s3://${bucket}/${root}`;
  const fail = (what: string, error: unknown) =>
    new SourceError(`${what}: ${(error as Error).name}: ${(error as Error).message}`, { cause: error });

  return {
    location,
    uriOf: (key) => `s3://${bucket}/${key}`,
    async listObjects(signal) {
      const objects: RemoteObject[] = [];
      try {
        const pages = paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: root });
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
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), {
          abortSignal: signal,
        });
        if (Body === undefined) throw new Error('empty response');
        return await Body.transformToString('utf8');
      } catch (error) {
        throw fail(`cannot read s3://${bucket}/${key}`, error);
      }
    },
    async download(key, localPath, signal) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), {
          abortSignal: signal,
        });
        if (!(Body instanceof Readable)) throw new Error('response body is not a stream');
        await pipeline(Body, createWriteStream(localPath), { signal });
      } catch (error) {
        throw fail(`cannot download s3://${bucket}/${key}`, error);
      }
    },
  };
}

function credentialsFor(access: AwsAccess, region: string) {
  switch (access.kind) {
    case 'keys':
      return access.keys;
    case 'role':
      return assumeRoleCredentials({
        roleArn: access.roleArn,
        externalId: access.externalId,
        region,
        sessionName: 'finlens-billing-ingest',
        ...(access.baseKeys ? { baseKeys: access.baseKeys } : {}),
      });
    case 'default':
      return undefined;
  }
}
