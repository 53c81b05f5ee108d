import { createHash } from 'node:crypto';
import type { RemoteObject } from './remote-store';

/**
 * Which manifest layout a delivery was found through. It hints at the file format but does not fix it (a Data
 * Export can carry FOCUS in the CUR 2.0 layout, an Azure export FOCUS too): the importer detects that from columns.
 */
export type ManifestLayout = 'cur2' | 'cur' | 'azure';

/** The current delivery of one billing period of one export, as its latest manifest describes it. */
export interface BillingDelivery {
  /** Stable across refreshes: layout, export path and period (what "the same month" means for restatement). */
  periodKey: string;
  /** YYYY-MM. */
  billingPeriod: string;
  layout: ManifestLayout;
  manifestKey: string;
  /** CUR 2.0 executionId, legacy CUR assemblyId or Azure runId, when the manifest has one. */
  runId: string | null;
  files: RemoteObject[];
  /** The columns the manifest lists, checked against every data file (absent when it lists none). */
  manifestColumns?: string[];
  /** Changes when the run id or any data file (key, ETag, size) changes: a restatement. */
  fingerprint: string;
}

export function deliveryFingerprint(runId: string | null, files: readonly RemoteObject[]): string {
  const identity = [...files]
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((file) => [file.key, file.etag, file.size]);
  return createHash('sha256').update(JSON.stringify({ runId, identity })).digest('hex');
}

/** Deliveries never imported, or whose fingerprint differs from the one last imported for their period. */
export function newOrRestated(
  deliveries: readonly BillingDelivery[],
  imported: ReadonlyMap<string, string>,
): BillingDelivery[] {
  return deliveries.filter((delivery) => imported.get(delivery.periodKey) !== delivery.fingerprint);
}
