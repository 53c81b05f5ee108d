/**
 * The S3 bucket-name rule of spec §5, shared by the server (enforcement) and the account dialog (live
 * messages), so both show the same text. The spec's `{ip}` is the example address of AWS's own rule text.
 */

export const BUCKET_NAME_MIN_LENGTH = 3;
export const BUCKET_NAME_MAX_LENGTH = 63;
export const BUCKET_NAME_EXAMPLE_IP = '192.168.5.4';

export const BUCKET_NAME_MESSAGES = {
  length: `Must be at least ${BUCKET_NAME_MIN_LENGTH} and no more than ${BUCKET_NAME_MAX_LENGTH} characters long.`,
  ipAddress: `Must not be formatted as an IP address (for example, ${BUCKET_NAME_EXAMPLE_IP}).`,
  labels:
    'Must not contain uppercase characters or underscores, must start/end with a lowercase letter or number only and can be a series of one or more labels.',
} as const;
export type BucketNameProblem = keyof typeof BUCKET_NAME_MESSAGES;

const IP_ADDRESS = /^\d{1,3}(\.\d{1,3}){3}$/;
// Dot-separated labels of lowercase letters, digits and hyphens, each starting and ending with a letter or digit.
const LABELS = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/** Every rule the name breaks, in the order the spec lists them; empty when the name is valid. */
export function bucketNameProblems(name: string): BucketNameProblem[] {
  const problems: BucketNameProblem[] = [];
  if (name.length < BUCKET_NAME_MIN_LENGTH || name.length > BUCKET_NAME_MAX_LENGTH) problems.push('length');
  if (IP_ADDRESS.test(name)) problems.push('ipAddress');
  else if (!LABELS.test(name)) problems.push('labels');
  return problems;
}

/** The messages to show under the bucket field. */
export function bucketNameMessages(name: string): string[] {
  return bucketNameProblems(name).map((problem) => BUCKET_NAME_MESSAGES[problem]);
}
