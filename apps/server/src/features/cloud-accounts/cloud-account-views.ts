import type { CloudAccount, ImportRun } from '@finlens/contracts/cloud-accounts';
import type { ProjectWithStatus } from '../../db/project-status';
import type { BillingSourceRow, ImportRunRow } from '../../db/tables';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function asArray(value: unknown): unknown[] {
  if (typeof value === 'string') return asArray(JSON.parse(value));
  return Array.isArray(value) ? value : [];
}

/** An import run as the API shows it; `rows` arrives as text (bigint). */
export function toImportRun(row: ImportRunRow): ImportRun {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    format: row.detected_format,
    started_at: new Date(row.started_at).toISOString(),
    finished_at: iso(row.finished_at),
    files: row.files,
    rows: row.rows === null ? null : Number(row.rows),
    periods: asArray(row.periods).map(String),
    totals: asArray(row.totals) as ImportRun['totals'],
    error:
      row.error === null
        ? null
        : { message: row.error, file: row.error_file, row: row.error_row, column: row.error_column },
  };
}

/**
 * The project's status (db/project-status.ts), except that a source with no way to sign in of its own is
 * awaiting configuration in Settings (it is not polled then; whether the server's identity may be used is
 * configuration, not data).
 */
function accountStatus(
  project: ProjectWithStatus,
  source: BillingSourceRow | null,
  sourceSignsIn: boolean,
): CloudAccount['status'] {
  return source !== null && !sourceSignsIn ? 'awaiting_configuration' : project.status;
}

/** `sourceSignsIn`: the source has keys or a role of its own, or its account may use the server's identity. */
export function toCloudAccount(
  project: ProjectWithStatus,
  source: BillingSourceRow | null,
  lastRun: ImportRunRow | null,
  sourceSignsIn: boolean,
): CloudAccount {
  return {
    id: project.id,
    name: project.name,
    status: accountStatus(project, source, sourceSignsIn),
    cloud_type: project.cloud_type,
    account_id: project.cloud_account_id,
    billing: { last_ingestion_datetime: iso(project.billing_last_ingestion_datetime) },
    source:
      source === null
        ? null
        : {
            id: source.id,
            kind: source.kind,
            bucket: source.bucket,
            prefix: source.prefix,
            region: source.region,
            endpoint: source.endpoint,
            role_arn: source.role_arn,
            external_id: source.external_id,
            has_credentials: source.credentials_sealed !== null,
            last_polled_at: iso(source.last_polled_at),
            last_error: source.last_error,
          },
    last_import: lastRun === null ? null : toImportRun(lastRun),
    created_at: new Date(project.created_at).toISOString(),
  };
}
