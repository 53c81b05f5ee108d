import { AWS_TEST_SETTINGS } from './billing-client';

/** The small simulated cloud of the inventory tests: an instance, a volume and a bucket in one account. */
export function shopResources(bucketRegion: string, account = AWS_TEST_SETTINGS.account_id) {
  return [
    {
      kind: 'ec2-instance',
      id: 'i-0123456789abcdef0',
      accountId: account,
      region: 'us-east-1',
      instanceType: 'm5.large',
      tags: { Name: 'web-1', team: 'shop' },
    },
    {
      kind: 'ebs-volume',
      id: 'vol-0123456789abcdef0',
      accountId: account,
      region: 'us-east-1',
      sizeGiB: 100,
    },
    {
      kind: 's3-bucket',
      id: 'shop-assets',
      accountId: account,
      region: bucketRegion,
      storage: [{ storageClass: 'STANDARD', bytes: 1e9 }],
    },
  ];
}
