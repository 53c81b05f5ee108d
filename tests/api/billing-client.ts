import { cloudAccountSchema } from '@finlens/contracts/cloud-accounts';
import type { TestSmtp } from '@finlens/server/platform/mail/test-smtp';
import { expect } from 'vitest';
import { upload } from './billing-upload';
import { signUpVerified } from './identity-fixtures';
import type { TestServer } from './test-server';

/** AWS account settings for tests: valid, and pointing at a closed loopback port so nothing is fetched. */
export const AWS_TEST_SETTINGS = {
  cloud_type: 'aws',
  account_id: '123456789012',
  bucket: 'acme-cur-exports',
  prefix: 'exports/',
  region: 'eu-west-1',
  role_arn: 'arn:aws:iam::123456789012:role/finlens-billing-read',
  // Nothing listens here: a connection test fails fast instead of waiting on the network.
  endpoint: 'http://127.0.0.1:9',
};

/**
 * A verified admin whose client has one AWS account with `csv` (a CUR file) uploaded into it; `beforeImport` runs
 * once the admin exists (e.g. to choose notification preferences the import's notices read).
 */
export async function clientWithBilling(
  context: { server: TestServer; smtp: TestSmtp },
  label: string,
  csv: Buffer,
  beforeImport?: (admin: Awaited<ReturnType<typeof signUpVerified>>) => Promise<void>,
) {
  const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label });
  await beforeImport?.(admin);
  const created = await admin.session.post('/c/cloud_accounts/', {
    name: 'Payer',
    settings: AWS_TEST_SETTINGS,
  });
  const projectId = cloudAccountSchema.parse(created.body).id;
  const imported = await upload(admin.session, { project_id: projectId }, { name: 'cur.csv', data: csv });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  return { admin, projectId };
}
