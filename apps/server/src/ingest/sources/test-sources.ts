import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { NewSourceInput } from './billing-sources.service';
import { S3RVER_KEYS } from './test-s3rver';

/** A client with one project, as the identity and accounts features create them. */
export async function createTestProject(
  db: Kysely<AppTables>,
  {
    clientName,
    projectName,
    cloudType = 'aws',
  }: { clientName: string; projectName: string; cloudType?: 'aws' | 'azure' },
): Promise<string> {
  const client = await db
    .insertInto('clients')
    .values({ name: clientName })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await db
    .insertInto('projects')
    .values({ client_id: client.id, name: projectName, cloud_type: cloudType })
    .returning('id')
    .executeTakeFirstOrThrow();
  return project.id;
}

/** Settings of an S3 source on the loopback s3rver, signed with its keys. */
export function s3rverSource({
  projectId,
  endpoint,
  bucket,
  prefix,
}: {
  projectId: string;
  endpoint: string;
  bucket: string;
  prefix: string;
}): NewSourceInput {
  return {
    projectId,
    name: 'CUR bucket',
    kind: 'aws_s3',
    bucket,
    prefix,
    region: 'us-east-1',
    endpoint,
    roleArn: null,
    externalId: null,
    credentials: { kind: 'aws-keys', ...S3RVER_KEYS },
  };
}
