import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUCKET_NAME_MESSAGES, bucketNameMessages, bucketNameProblems } from './bucket-name';

describe('bucketNameProblems', () => {
  it.each(['cur-exports', 'my.billing.bucket', 'a1b', 'x'.repeat(63), '123'])('accepts %s', (name) => {
    expect(bucketNameProblems(name)).toEqual([]);
  });

  it.each([
    ['ab', ['length']],
    ['x'.repeat(64), ['length']],
    ['', ['length', 'labels']],
    ['10.0.0.1', ['ipAddress']],
    ['192.168.5.4', ['ipAddress']],
    ['My-Bucket', ['labels']],
    ['cur_exports', ['labels']],
    ['-cur', ['labels']],
    ['cur-', ['labels']],
    ['cur..exports', ['labels']],
    ['cur.-exports', ['labels']],
  ] as const)('%s breaks %j', (name, problems) => {
    expect(bucketNameProblems(name)).toEqual(problems);
  });

  it('words the messages exactly as the spec', () => {
    expect(bucketNameMessages('A')).toEqual([
      'Must be at least 3 and no more than 63 characters long.',
      'Must not contain uppercase characters or underscores, must start/end with a lowercase letter or number only and can be a series of one or more labels.',
    ]);
    expect(BUCKET_NAME_MESSAGES.ipAddress).toBe(
      'Must not be formatted as an IP address (for example, 192.168.5.4).',
    );
  });
});

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);

describe('bucket-name properties', () => {
  it('dot-joined valid labels of allowed length are accepted unless they form an IP', () => {
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 5 }), (labels) => {
        const name = labels.join('.');
        fc.pre(name.length >= 3 && name.length <= 63 && !/^\d+(\.\d+){3}$/.test(name));
        expect(bucketNameProblems(name)).toEqual([]);
      }),
    );
  });

  it('any uppercase letter or underscore is refused', () => {
    fc.assert(
      fc.property(label, fc.constantFrom('A', 'Z', '_'), label, (head, bad, tail) => {
        expect(bucketNameProblems(`${head}${bad}${tail}`)).toContain('labels');
      }),
    );
  });

  it('names outside 3..63 characters always get the length message', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 2 }), fc.string({ minLength: 64, maxLength: 90 })), (n) => {
        expect(bucketNameProblems(n)[0]).toBe('length');
      }),
    );
  });
});
