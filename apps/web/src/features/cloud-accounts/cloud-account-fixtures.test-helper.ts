import type { CloudAccount } from '@finlens/contracts/cloud-accounts';
import { HttpResponse, http } from 'msw';
import { server } from '../../test/msw-server';

/** An AWS account read through a role, configured; `overrides` make the other kinds. */
export const account = (overrides: Partial<CloudAccount>): CloudAccount => ({
  id: 'p1',
  name: 'Payer',
  status: 'configured',
  cloud_type: 'aws',
  account_id: '123456789012',
  billing: { last_ingestion_datetime: '2026-11-20T10:00:00.000Z' },
  source: {
    id: 's1',
    kind: 'aws_s3',
    bucket: 'acme-cur',
    prefix: 'exports/',
    region: 'us-east-1',
    endpoint: null,
    role_arn: 'arn:aws:iam::123456789012:role/finlens-billing-read',
    external_id: 'finlens-abc',
    has_credentials: false,
    last_polled_at: null,
    last_error: null,
  },
  last_import: null,
  created_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

/** An Azure account whose credentials are stored. */
export const SUBSCRIPTION = account({
  id: 'p3',
  name: 'Subscription',
  cloud_type: 'azure',
  account_id: null,
  source: {
    id: 's3',
    kind: 'azure_blob',
    bucket: 'cost-exports',
    prefix: 'finops',
    region: null,
    endpoint: null,
    role_arn: null,
    external_id: null,
    has_credentials: true,
    last_polled_at: null,
    last_error: null,
  },
});

/** GET /c/cloud_accounts/ answers these accounts. */
export function serveAccounts(accounts: CloudAccount[]) {
  server.use(http.get('*/c/cloud_accounts/', () => HttpResponse.json(accounts)));
}
