import { z } from 'zod';
import { cloudTypeSchema, projectStatusSchema } from './admin';
import { accountInventorySchema } from './inventory';

/**
 * Settings → AWS Accounts and Cloud Accounts (designed in the spec's /c/ style). A cloud account is a
 * project (spec §3) with the billing source its data is polled from:
 *   GET    /c/cloud_accounts/                    the client's accounts (members read)
 *   POST   /c/cloud_accounts/                    add → 201 (admin)
 *   GET    /c/cloud_accounts/{id}/               one account
 *   PATCH  /c/cloud_accounts/{id}/               edit (admin); credentials left out are kept
 *   DELETE /c/cloud_accounts/{id}/               remove → 204 (admin)
 *   POST   /c/cloud_accounts/check/              test unsaved settings (admin)
 *   POST   /c/cloud_accounts/{id}/check/         test the saved settings (admin)
 *   POST   /c/cloud_accounts/{id}/import_now/    enqueue a poll → 202 (admin)
 *   GET    /c/cloud_accounts/{id}/imports/       import history, newest first
 *   GET    /c/cloud_accounts/{id}/cloudformation/ CloudFormation template (YAML download)
 *   GET    /c/cloud_accounts/{id}/terraform/     Terraform snippet (HCL download)
 *   POST   /c/billing/upload/                    multipart: project_id, then file → 201 import run (admin)
 * The bucket field follows @finlens/cost-model/bucket-name; its messages come back under `bucket`.
 */
export const CLOUD_ACCOUNT_PATHS = {
  accounts: '/c/cloud_accounts/',
  account: (id: string) => `/c/cloud_accounts/${id}/`,
  check: '/c/cloud_accounts/check/',
  checkSaved: (id: string) => `/c/cloud_accounts/${id}/check/`,
  importNow: (id: string) => `/c/cloud_accounts/${id}/import_now/`,
  imports: (id: string) => `/c/cloud_accounts/${id}/imports/`,
  cloudFormation: (id: string) => `/c/cloud_accounts/${id}/cloudformation/`,
  terraform: (id: string) => `/c/cloud_accounts/${id}/terraform/`,
  upload: '/c/billing/upload/',
} as const;

/** Spec §2 account filters of the AWS Accounts tab. */
export const ACCOUNT_FILTERS = {
  all: 'All Accounts',
  configured: 'AWS Accounts Configured',
  awaiting: 'AWS Accounts Awaiting Configuration',
} as const;
export type AccountFilter = keyof typeof ACCOUNT_FILTERS;

/**
 * Why an account whose source has neither its own keys (connection string, SAS) nor a role to assume is not
 * polled: its status is awaiting_configuration, and its connection check and Import now answer this. The server's
 * own cloud identity is only ever used for accounts the operator lists in SERVER_IDENTITY_ACCOUNTS.
 */
export const AWAITING_CREDENTIALS =
  'Awaiting configuration: add a role for Finlens to assume (with its external ID) or access keys.';

const required = (max: number) => z.string().trim().min(1, 'This field is required.').max(max);
const awsAccountId = z.string().regex(/^\d{12}$/, 'Must be a 12-digit AWS account id.');
const roleArn = z
  .string()
  .regex(/^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/, 'Must be an IAM role ARN.');
const externalId = z
  .string()
  .regex(/^[\w+=,.@:/-]{2,1224}$/, 'Must be 2 to 1224 letters, digits or +=,.@:/-_ characters.');
const prefix = z
  .string()
  .trim()
  .max(1024)
  .transform((value) => value.replace(/^\/+/, ''));

const secret = z.string().min(1, 'This field is required.');
const awsKeys = z.object({ access_key_id: secret, secret_access_key: secret });

/** AWS settings; the bucket is checked against the spec §5 rule by the server (400 under `bucket`). */
export const awsAccountSettingsSchema = z.object({
  cloud_type: z.literal('aws'),
  account_id: awsAccountId,
  bucket: z.string(),
  prefix: prefix.default(''),
  region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'Must be an AWS region such as us-east-1.'),
  role_arn: roleArn.nullable().default(null),
  /** S3-compatible endpoint (MinIO and the like); null for AWS itself. */
  endpoint: z.url().nullable().default(null),
  /** Set by Finlens (a random one on create, kept on edit); another value is a 400 under `external_id`. */
  external_id: externalId.optional(),
  /** Access keys instead of (or as the base of) the role; sealed with SECRET_KEY, never returned. */
  keys: awsKeys.nullable().optional(),
});

const azureCredentials = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('connection-string'), connection_string: secret }),
  z.object({
    kind: z.literal('sas'),
    account_url: z.url('Must be the storage account URL, such as https://account.blob.core.windows.net.'),
    sas_token: secret,
  }),
]);

/** Azure settings; only when the client's Azure flag is on (an Azure billing currency is set). */
export const azureAccountSettingsSchema = z.object({
  cloud_type: z.literal('azure'),
  container: z
    .string()
    .regex(/^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$/, 'Must be an Azure container name.'),
  prefix: prefix.default(''),
  credentials: azureCredentials.optional(),
});

export const cloudAccountSettingsSchema = z.discriminatedUnion('cloud_type', [
  awsAccountSettingsSchema,
  azureAccountSettingsSchema,
]);
export type CloudAccountSettings = z.input<typeof cloudAccountSettingsSchema>;

export const cloudAccountCreateSchema = z.object({
  name: required(200),
  settings: cloudAccountSettingsSchema,
});
export type CloudAccountCreate = z.input<typeof cloudAccountCreateSchema>;

/** PATCH: the name and/or the whole settings block (the cloud type cannot change). */
export const cloudAccountUpdateSchema = z.object({
  name: required(200).optional(),
  settings: cloudAccountSettingsSchema.optional(),
});
export type CloudAccountUpdate = z.input<typeof cloudAccountUpdateSchema>;

export const importRunSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  source: z.string(),
  format: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  files: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  /** Billing periods replaced, YYYY-MM. */
  periods: z.array(z.string()),
  /** Per period: rows and the seven cost-type totals. */
  totals: z.array(
    z.object({ billingPeriod: z.string(), rows: z.number(), totals: z.record(z.string(), z.number()) }),
  ),
  error: z
    .object({
      message: z.string(),
      file: z.string().nullable(),
      row: z.number().int().nullable(),
      column: z.string().nullable(),
    })
    .nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;
export const importRunsSchema = z.array(importRunSchema);

export const cloudAccountSourceSchema = z.object({
  id: z.string(),
  kind: z.enum(['aws_s3', 'azure_blob']),
  /** S3 bucket or Azure container. */
  bucket: z.string(),
  prefix: z.string(),
  region: z.string().nullable(),
  /** The S3-compatible endpoint, null for AWS itself and Azure. */
  endpoint: z.string().nullable(),
  role_arn: z.string().nullable(),
  external_id: z.string().nullable(),
  has_credentials: z.boolean(),
  last_polled_at: z.string().nullable(),
  last_error: z.string().nullable(),
});

export const cloudAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Configured once data arrived; error when the last poll or import failed; awaiting otherwise. */
  status: projectStatusSchema,
  cloud_type: cloudTypeSchema,
  /** The AWS account id (12 digits), or null for Azure and accounts added by an import. */
  account_id: z.string().nullable(),
  billing: z.object({ last_ingestion_datetime: z.string().nullable() }),
  source: cloudAccountSourceSchema.nullable(),
  last_import: importRunSchema.nullable(),
  /** Its inventory: collection state, counts and the newest pass; absent where inventory is not wired. */
  inventory: accountInventorySchema.optional(),
  created_at: z.string(),
});
export type CloudAccount = z.infer<typeof cloudAccountSchema>;
export const cloudAccountsSchema = z.array(cloudAccountSchema);

export const connectionCheckSchema = z.object({
  ok: z.boolean(),
  periods: z.array(z.object({ periodKey: z.string(), billingPeriod: z.string(), files: z.number().int() })),
  problems: z.array(z.string()),
});
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

export const importNowResponseSchema = z.object({ job_id: z.string().nullable() });

/** Multipart fields besides `file`, sent before it; the importer detects the format from the columns. */
export const uploadFieldsSchema = z.object({
  project_id: z.string({ error: 'This field is required.' }).min(1, 'This field is required.'),
});
/** File name endings the upload accepts. */
export const UPLOAD_EXTENSIONS = ['.csv', '.csv.gz', '.parquet'] as const;
