import type { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import {
  DescribeClusterCommand,
  DescribeFargateProfileCommand,
  DescribeNodegroupCommand,
  type EKSClient,
  paginateListClusters,
  paginateListFargateProfiles,
  paginateListNodegroups,
} from '@aws-sdk/client-eks';
import { type LambdaClient, ListTagsCommand, paginateListFunctions } from '@aws-sdk/client-lambda';
import {
  GetBucketLifecycleConfigurationCommand,
  GetBucketTaggingCommand,
  paginateListBuckets,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { MetricQuery } from '../cloud-metrics';
import { type CloudResource, S3_STORAGE_CLASSES, type S3Bucket } from '../cloud-resources';
import { collect, type FailureLog, tagMap } from './aws-failures';
import { getAwsMetrics } from './aws-metrics';
import type { Scope } from './list-ec2';

const lower = (status: string | undefined, fallback: string) => (status ?? fallback).toLowerCase();

export async function listEks(eks: EKSClient, scope: Scope, kinds: ReadonlySet<string>, log: FailureLog) {
  const out: CloudResource[] = [];
  const eksKinds = ['eks-cluster', 'eks-nodegroup', 'eks-fargate-profile'] as const;
  const names = await log.attempt('eks', 'ListClusters', [...eksKinds], [], () =>
    collect(paginateListClusters({ client: eks }, {}), (page) => page.clusters),
  );
  for (const name of names) {
    if (kinds.has('eks-cluster')) {
      await log.attempt('eks', 'DescribeCluster', ['eks-cluster'], undefined, async () => {
        const { cluster: c } = await eks.send(new DescribeClusterCommand({ name }));
        if (!c) return;
        out.push({
          kind: 'eks-cluster',
          id: name,
          arn: c.arn ?? null,
          accountId: scope.accountId,
          region: scope.region,
          name,
          tags: { ...c.tags },
          attachments: [],
          createdAt: c.createdAt ?? null,
          state: lower(c.status, 'active'),
          version: c.version ?? null,
        });
      });
    }
    if (kinds.has('eks-fargate-profile')) out.push(...(await listFargateProfiles(eks, scope, name, log)));
    if (!kinds.has('eks-nodegroup')) continue;
    const groups = await log.attempt('eks', 'ListNodegroups', ['eks-nodegroup'], [], () =>
      collect(paginateListNodegroups({ client: eks }, { clusterName: name }), (page) => page.nodegroups),
    );
    for (const group of groups) {
      await log.attempt('eks', 'DescribeNodegroup', ['eks-nodegroup'], undefined, async () => {
        const { nodegroup: g } = await eks.send(
          new DescribeNodegroupCommand({ clusterName: name, nodegroupName: group }),
        );
        if (!g) return;
        const asgs = (g.resources?.autoScalingGroups ?? []).flatMap((a) =>
          a.name ? [{ kind: 'autoscaling-group' as const, id: a.name }] : [],
        );
        out.push({
          kind: 'eks-nodegroup',
          id: `${name}/${group}`,
          arn: g.nodegroupArn ?? null,
          accountId: scope.accountId,
          region: scope.region,
          name: group,
          tags: { ...g.tags },
          attachments: [{ kind: 'eks-cluster', id: name }, ...asgs],
          createdAt: g.createdAt ?? null,
          state: lower(g.status, 'active'),
          clusterName: name,
          instanceTypes: g.instanceTypes ?? [],
          capacityType: g.capacityType ?? null,
          minSize: g.scalingConfig?.minSize ?? 0,
          maxSize: g.scalingConfig?.maxSize ?? 0,
          desiredSize: g.scalingConfig?.desiredSize ?? 0,
        });
      });
    }
  }
  return out;
}

/** A cluster's Fargate profiles with their namespace selectors (the pods they take run on Fargate). */
async function listFargateProfiles(eks: EKSClient, scope: Scope, cluster: string, log: FailureLog) {
  const out: CloudResource[] = [];
  const names = await log.attempt('eks', 'ListFargateProfiles', ['eks-fargate-profile'], [], () =>
    collect(
      paginateListFargateProfiles({ client: eks }, { clusterName: cluster }),
      (page) => page.fargateProfileNames,
    ),
  );
  for (const name of names) {
    await log.attempt('eks', 'DescribeFargateProfile', ['eks-fargate-profile'], undefined, async () => {
      const { fargateProfile: p } = await eks.send(
        new DescribeFargateProfileCommand({ clusterName: cluster, fargateProfileName: name }),
      );
      if (!p) return;
      out.push({
        kind: 'eks-fargate-profile',
        id: `${cluster}/${name}`,
        arn: p.fargateProfileArn ?? null,
        accountId: scope.accountId,
        region: scope.region,
        name,
        tags: { ...p.tags },
        attachments: [{ kind: 'eks-cluster', id: cluster }],
        createdAt: p.createdAt ?? null,
        state: lower(p.status, 'active'),
        clusterName: cluster,
        selectors: (p.selectors ?? []).flatMap((s) =>
          s.namespace ? [{ namespace: s.namespace, labels: { ...s.labels } }] : [],
        ),
        subnets: p.subnets ?? [],
      });
    });
  }
  return out;
}

export async function listLambda(lambda: LambdaClient, scope: Scope, log: FailureLog) {
  const functions = await log.attempt('lambda', 'ListFunctions', ['lambda-function'], [], () =>
    collect(paginateListFunctions({ client: lambda }, { MaxItems: 50 }), (page) => page.Functions),
  );
  const out: CloudResource[] = [];
  for (const f of functions) {
    const arn = f.FunctionArn ?? null;
    const tags =
      arn === null
        ? {}
        : await log.attempt('lambda', 'ListTags', ['lambda-function'], {}, async () => {
            return { ...(await lambda.send(new ListTagsCommand({ Resource: arn }))).Tags };
          });
    out.push({
      kind: 'lambda-function',
      id: f.FunctionName ?? '',
      arn,
      accountId: scope.accountId,
      region: scope.region,
      name: f.FunctionName ?? null,
      tags,
      attachments: [],
      // ListFunctions tells when the function last changed, not when it was created.
      createdAt: null,
      state: lower(f.State, 'active'),
      runtime: f.Runtime ?? null,
      memoryMiB: f.MemorySize ?? 128,
      timeoutSeconds: f.Timeout ?? 3,
      architectures: f.Architectures ?? ['x86_64'],
      codeSizeBytes: f.CodeSize ?? 0,
    });
  }
  return out;
}

const DAY_MS = 86_400_000;

/** Latest daily BucketSizeBytes per storage class, from the bucket region's CloudWatch. */
async function bucketSizes(cloudwatch: CloudWatchClient, buckets: S3Bucket[], now: Date, log: FailureLog) {
  const queries: MetricQuery[] = buckets.flatMap((b) =>
    S3_STORAGE_CLASSES.map((storageClass) => ({
      id: `${b.id}/${storageClass}`,
      metric: 's3-bytes' as const,
      resource: { kind: 's3-bucket' as const, id: b.id },
      stat: 'Average' as const,
      storageClass,
    })),
  );
  const start = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - 3 * DAY_MS);
  const request = { queries, start, end: now, periodSeconds: 86_400 };
  const series = await getAwsMetrics(cloudwatch, request, log, ['s3-bucket']);
  for (const [i, query] of queries.entries()) {
    const bytes = series[i]?.points.at(-1)?.value;
    const bucket = buckets.find((b) => b.id === query.resource.id);
    if (bytes && bucket && query.storageClass)
      bucket.storage.push({ storageClass: query.storageClass, bytes });
  }
}

/**
 * Enabled lifecycle rules of a bucket: 0 without a configuration (NoSuchLifecycleConfiguration), null unread.
 * An unread one costs no kind (the bucket is kept, its rules unknown) and is recorded once per error code, so a
 * project that has not granted s3:GetLifecycleConfiguration yet still collects its buckets and is told why.
 */
function lifecycleRules(s3: S3Client, bucket: string, log: FailureLog, seen: Set<string>) {
  return s3
    .send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucket }))
    .then((answer): number | null => (answer.Rules ?? []).filter((rule) => rule.Status === 'Enabled').length)
    .catch((error: Error) => {
      if (error.name === 'NoSuchLifecycleConfiguration') return 0;
      if (!seen.has(error.name)) log.record('s3', 'GetBucketLifecycleConfiguration', [], error);
      seen.add(error.name);
      return null;
    });
}

export async function listBuckets(
  s3: S3Client,
  cloudwatch: CloudWatchClient,
  scope: Scope,
  now: Date,
  log: FailureLog,
) {
  const pages = paginateListBuckets({ client: s3 }, { BucketRegion: scope.region, MaxBuckets: 1000 });
  const found = await log.attempt('s3', 'ListBuckets', ['s3-bucket'], [], () =>
    collect(pages, (page) => page.Buckets),
  );
  const buckets: S3Bucket[] = [];
  const lifecycleErrors = new Set<string>();
  for (const b of found) {
    if (!b.Name || (b.BucketRegion !== undefined && b.BucketRegion !== scope.region)) continue;
    const name = b.Name;
    const tags = await s3
      .send(new GetBucketTaggingCommand({ Bucket: name }))
      .then((answer) => tagMap(answer.TagSet))
      .catch((error: Error) => {
        // A bucket without tags answers NoSuchTagSet.
        if (error.name !== 'NoSuchTagSet') log.record('s3', 'GetBucketTagging', ['s3-bucket'], error);
        return {};
      });
    buckets.push({
      kind: 's3-bucket',
      id: name,
      arn: `arn:aws:s3:::${name}`,
      accountId: scope.accountId,
      region: scope.region,
      name,
      tags,
      attachments: [],
      createdAt: b.CreationDate ?? null,
      state: 'available',
      storage: [],
      objectCount: null,
      lifecycleRules: await lifecycleRules(s3, name, log, lifecycleErrors),
    });
  }
  if (buckets.length > 0) await bucketSizes(cloudwatch, buckets, now, log);
  for (const bucket of buckets) {
    bucket.storage.sort(
      (a, b) => S3_STORAGE_CLASSES.indexOf(a.storageClass) - S3_STORAGE_CLASSES.indexOf(b.storageClass),
    );
  }
  return buckets;
}
