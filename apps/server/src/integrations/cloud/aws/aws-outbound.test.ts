import { describe, expect, it } from 'vitest';
import { createGuardedHttp, sdkRequestHandler } from '../../../platform/outbound/guarded-http';
import { createAwsCloud } from './aws-cloud';

const account = {
  accountId: '123456789012',
  credentials: { kind: 'keys', accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'secret' },
} as const;

/** Nothing listens on port 9: without the guard the call would be refused by the host, not by Finlens. */
const ENDPOINT = 'http://127.0.0.1:9';

describe('aws adapter through the outbound guard', () => {
  it('refuses a custom endpoint on an internal address before connecting, reported as the call’s failure', async () => {
    const guarded = createAwsCloud({
      clientSettings: {
        endpoint: ENDPOINT,
        maxAttempts: 1,
        requestHandler: sdkRequestHandler(createGuardedHttp([])),
      },
    });
    const { regions, failures } = await guarded.listRegions(account);
    expect(regions).toEqual([]);
    expect(failures).toMatchObject([{ service: 'ec2', operation: 'DescribeRegions' }]);
    expect(failures[0]?.message).toMatch(/127\.0\.0\.1/);
    expect(failures[0]?.message).not.toMatch(/ECONNREFUSED/);
  });

  it('lets the operator allow it (OUTBOUND_ALLOW), so the call goes out', async () => {
    const allowed = createAwsCloud({
      clientSettings: {
        endpoint: ENDPOINT,
        maxAttempts: 1,
        requestHandler: sdkRequestHandler(createGuardedHttp(['127.0.0.1'])),
      },
    });
    const { failures } = await allowed.listRegions(account);
    expect(failures[0]?.message).toMatch(/ECONNREFUSED/);
  });
});
