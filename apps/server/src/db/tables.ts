import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AnomalyTables } from '../features/anomalies/anomalies.tables';
import type { ChargebackTables } from '../features/chargebacks/chargebacks.tables';
import type { CommitmentTables } from '../features/commitments/commitments.tables';
import type { CostTargetTables } from '../features/cost-targets/cost-targets.tables';
import type { InventoryTables } from '../features/inventory/inventory.tables';
import type { KubernetesClusterTables } from '../features/kubernetes-clusters/kubernetes-clusters.tables';
import type { NotificationTables } from '../features/notifications/notifications.tables';
import type { RecommendationTables } from '../features/recommendations/recommendations.tables';
import type { ReportsTables } from '../features/reports/reports.tables';
import type { SavingsLedgerTables } from '../features/savings-ledger/savings-ledger.tables';
import type { SchedulerTables } from '../features/scheduler/scheduler.tables';
import type { ShowbackTables } from '../features/showbacks/showbacks.tables';
import type { TagExplorerTables } from '../features/tag-explorer/tag-explorer.tables';

/** One row per installation, written by the first migration; later features key instance-wide data on it. */
export interface InstanceTable {
  id: string;
  created_at: ColumnType<Date, never, never>;
}

/** Set by the database on insert, never updated by the app. */
type CreatedAt = ColumnType<Date, never, never>;
/** A timestamp the app may set (Date or ISO string) and reads back as a Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  profile_picture: string | null;
  email_verified: Generated<boolean>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  last_login_at: Timestamp | null;
}

export interface PartnersTable {
  id: Generated<string>;
  name: string;
  created_at: CreatedAt;
}

export interface PartnerUsersTable {
  user_id: string;
  partner_id: string;
  partner_user_role: 'admin' | 'member';
  created_at: CreatedAt;
}

export interface ClientsTable {
  id: Generated<string>;
  name: string;
  partner_id: string | null;
  sharesave_allowed: Generated<boolean>;
  azure_billing_currency: string | null;
  is_rbac_enabled: Generated<boolean>;
  has_marketplace_subscription: Generated<boolean>;
  explore: Generated<boolean>;
  created_at: CreatedAt;
}

export interface MembershipsTable {
  client_id: string;
  user_id: string;
  role: 'admin' | 'member';
  allowed_all_showback_values: Generated<boolean>;
  created_at: CreatedAt;
}

/** A cloud account of a client (spec §3 Project); the ingestion issue creates and updates these rows. */
export interface ProjectsTable {
  id: Generated<string>;
  client_id: string;
  name: string;
  cloud_type: Generated<'aws' | 'azure'>;
  billing_last_ingestion_datetime: Timestamp | null;
  /** 12-digit AWS account id entered in Settings → AWS Accounts; null when unknown. */
  cloud_account_id: string | null;
  created_at: CreatedAt;
}

export interface PolicyVersionsTable {
  version: string;
  released_at: Timestamp;
  summary: string;
}

export interface PolicyAcceptancesTable {
  project_id: string;
  version: string;
  accepted_by: string | null;
  accepted_at: Generated<Date>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  client_id: string;
  user_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the sessionid cookie value. */
  id: string;
  user_id: string;
  client_id: string | null;
  csrf_token: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

/** An invitation to join a client; the address becomes a member only when it accepts (features/team). */
export interface TeamInvitationsTable {
  id: Generated<string>;
  client_id: string;
  email: string;
  role: 'admin' | 'member';
  invited_by: string | null;
  /** SHA-256 (hex) of the token sent by mail. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  outcome: 'accepted' | 'declined' | 'revoked' | null;
}

export interface EmailTokensTable {
  /** SHA-256 (hex) of the token sent by email. */
  id: string;
  user_id: string;
  purpose: 'verify_email' | 'reset_password';
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  event: string;
  actor_user_id: string | null;
  client_id: string | null;
  subject: string | null;
  ip: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
}

/** Durable background work (platform/jobs). */
export interface JobsTable {
  id: Generated<string>;
  kind: string;
  /** JSON: written as a JSON string, read back parsed. */
  payload: ColumnType<unknown, string, string>;
  run_at: Timestamp;
  status: Generated<'queued' | 'running' | 'succeeded' | 'failed' | 'dead'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  last_error: string | null;
  locked_by: string | null;
  locked_until: Timestamp | null;
  dedupe_key: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** Recurring job definitions (cron in a time zone) with the next slot to enqueue. */
export interface JobSchedulesTable {
  name: string;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  cron: string;
  time_zone: string;
  next_run_at: Timestamp;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** A bucket or container a project's billing exports are read from (ingest/sources). */
export interface BillingSourcesTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  kind: 'aws_s3' | 'azure_blob';
  bucket: string;
  prefix: Generated<string>;
  region: string | null;
  endpoint: string | null;
  role_arn: string | null;
  external_id: string | null;
  credentials_sealed: string | null;
  poll_cron: Generated<string>;
  last_polled_at: Timestamp | null;
  last_error: string | null;
  /** The poll job reading the source now (null when none); see BillingSourcesRepo.claimPoll. */
  polling_job_id: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** Fingerprint of the last imported delivery of each billing period of a source. */
export interface BillingSourcePeriodsTable {
  source_id: string;
  period_key: string;
  billing_period: string;
  fingerprint: string;
  imported_at: Generated<Date>;
}

/** Every table of the app database, keyed by table name (Kysely's database type). */
export interface AppTables
  extends ShowbackTables,
    ChargebackTables,
    NotificationTables,
    CostTargetTables,
    TagExplorerTables,
    ReportsTables,
    AnomalyTables,
    InventoryTables,
    SchedulerTables,
    SavingsLedgerTables,
    RecommendationTables,
    CommitmentTables,
    KubernetesClusterTables {
  instance: InstanceTable;
  users: UsersTable;
  partners: PartnersTable;
  partner_users: PartnerUsersTable;
  clients: ClientsTable;
  memberships: MembershipsTable;
  projects: ProjectsTable;
  policy_versions: PolicyVersionsTable;
  policy_acceptances: PolicyAcceptancesTable;
  api_keys: ApiKeysTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  team_invitations: TeamInvitationsTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  billing_sources: BillingSourcesTable;
  billing_source_periods: BillingSourcePeriodsTable;
  import_runs: ImportRunsTable;
  sso_configs: SsoConfigsTable;
}

/** OpenID Connect provider of a client (features/sso). */
export interface SsoConfigsTable {
  client_id: string;
  enabled: boolean;
  issuer: string;
  oidc_client_id: string;
  client_secret_sealed: string | null;
  email_domain: string;
  updated_at: Timestamp;
}

/** One import of billing files into a project (ingest): what ran, what it replaced, how it ended. */
export interface ImportRunsTable {
  id: Generated<string>;
  client_id: string;
  project_id: string;
  source: string;
  requested_format: Generated<string>;
  detected_format: string | null;
  status: Generated<'running' | 'succeeded' | 'failed'>;
  started_at: CreatedAt;
  finished_at: Timestamp | null;
  files: number | null;
  /** bigint: pg returns it as a string. */
  rows: ColumnType<string | null, number | null, number | null>;
  periods: ColumnType<unknown, string | null, string | null>;
  totals: ColumnType<unknown, string | null, string | null>;
  error: string | null;
  error_file: string | null;
  error_row: number | null;
  error_column: string | null;
  /** Touched by the importing process while the run is `running` (null before migration 0830). */
  heartbeat_at: Timestamp | null;
}

export type InstanceRow = Selectable<InstanceTable>;
export type UserRow = Selectable<UsersTable>;
export type ClientRow = Selectable<ClientsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type JobRow = Selectable<JobsTable>;
export type BillingSourceRow = Selectable<BillingSourcesTable>;
export type ImportRunRow = Selectable<ImportRunsTable>;
