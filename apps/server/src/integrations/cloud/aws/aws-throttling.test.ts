import { describe, expect, it } from 'vitest';
import { createAwsCloud } from './aws-cloud';

// The real SDK stack (signing, retry strategy, XML parsing) over a fake HTTP handler: EC2 answers
// RequestLimitExceeded (its throttling code, HTTP 503) a given number of times, then the documented
// DescribeRegions example.
const THROTTLED = `<?xml version="1.0" encoding="UTF-8"?>
<Response><Errors><Error><Code>RequestLimitExceeded</Code><Message>Request limit exceeded.</Message></Error></Errors><RequestID>7a62c49f-347e-4fc4-9331-6e8eEXAMPLE</RequestID></Response>`;
const REGIONS = `<DescribeRegionsResponse xmlns="http://ec2.amazonaws.com/doc/2016-11-15/">
  <requestId>59dbff89-35bd-4eac-99ed-be587EXAMPLE</requestId>
  <regionInfo>
    <item><regionName>us-east-1</regionName><regionEndpoint>ec2.us-east-1.amazonaws.com</regionEndpoint><optInStatus>opt-in-not-required</optInStatus></item>
    <item><regionName>af-south-1</regionName><regionEndpoint>ec2.af-south-1.amazonaws.com</regionEndpoint><optInStatus>not-opted-in</optInStatus></item>
  </regionInfo>
</DescribeRegionsResponse>`;

function throttlingHandler(throttledCalls: number) {
  const seen: number[] = [];
  const handler = {
    async handle() {
      seen.push(Date.now());
      const throttled = seen.length <= throttledCalls;
      return {
        response: {
          statusCode: throttled ? 503 : 200,
          reason: throttled ? 'Service Unavailable' : 'OK',
          headers: { 'content-type': 'text/xml;charset=UTF-8' },
          body: new TextEncoder().encode(throttled ? THROTTLED : REGIONS),
        },
      };
    },
  };
  return { handler, seen };
}

const account = {
  accountId: '111111111111',
  credentials: { kind: 'keys', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
} as const;

describe('aws adapter under throttling', () => {
  it('retries a throttled call with back-off and keeps the answer', async () => {
    const { handler, seen } = throttlingHandler(2);
    const cloud = createAwsCloud({ clientSettings: { requestHandler: handler as never } });
    const { regions, failures } = await cloud.listRegions(account);
    expect(failures).toEqual([]);
    expect(regions.map((r) => [r.name, r.enabled])).toEqual([
      ['us-east-1', true],
      ['af-south-1', false],
    ]);
    expect(seen).toHaveLength(3);
    // Each retry waited before going again.
    const gaps = seen.slice(1).map((at, i) => at - (seen[i] ?? at));
    expect(gaps.every((gap) => gap > 0)).toBe(true);
  });

  it('records the failure once the retries are spent (a throttling storm)', async () => {
    const { handler, seen } = throttlingHandler(Number.POSITIVE_INFINITY);
    // Three attempts rather than the default eight keep the test short; the back-off is real time.
    const cloud = createAwsCloud({ clientSettings: { requestHandler: handler as never, maxAttempts: 3 } });
    const { regions, failures } = await cloud.listRegions(account);
    expect(regions).toEqual([]);
    expect(failures).toMatchObject([
      { accountId: '111111111111', service: 'ec2', code: 'RequestLimitExceeded' },
    ]);
    expect(seen).toHaveLength(3);
  });
});
