import { type BillingDelivery, deliveryFingerprint } from './billing-delivery';
import { locateManifest, readManifest } from './export-manifests';
import type { RemoteObject, RemoteStore } from './remote-store';

export interface DeliveryProblem {
  manifestKey: string;
  message: string;
}

export interface FoundDeliveries {
  deliveries: BillingDelivery[];
  /** Manifests that could not be used (unreadable, or naming files that are not in the store). */
  problems: DeliveryProblem[];
}

interface Candidate extends BillingDelivery {
  submittedAt: Date | null;
  manifestModified: Date | null;
}

/**
 * Every billing period the store's manifests describe, with the files of its latest run. Driven by the
 * manifests only: a bucket listing also holds stale chunks and earlier runs (billing-formats §1.5, §6.24).
 */
export async function findDeliveries(store: RemoteStore, signal?: AbortSignal): Promise<FoundDeliveries> {
  const objects = await store.listObjects(signal);
  const byKey = new Map(objects.map((object) => [object.key, object]));
  const latest = new Map<string, Candidate>();
  const problems: DeliveryProblem[] = [];
  for (const object of objects) {
    const located = locateManifest(object.key);
    if (located === null) continue;
    try {
      const { content, billingPeriod: runPeriod } = readManifest(
        located.layout,
        await store.readText(object.key, signal),
      );
      const billingPeriod = located.billingPeriod || runPeriod;
      if (billingPeriod === null || billingPeriod === '')
        throw new Error('the manifest names no billing period');
      const files = content.fileNames.map((name) => resolveFile(name, byKey));
      const candidate: Candidate = {
        periodKey: located.billingPeriod === '' ? `${located.periodKey}${billingPeriod}` : located.periodKey,
        billingPeriod,
        layout: located.layout,
        manifestKey: object.key,
        runId: content.runId,
        files,
        ...(content.columns !== null && located.layout !== 'azure' && { manifestColumns: content.columns }),
        fingerprint: deliveryFingerprint(content.runId, files),
        submittedAt: content.submittedAt,
        manifestModified: object.lastModified,
      };
      const current = latest.get(candidate.periodKey);
      if (current === undefined || isLater(candidate, current)) latest.set(candidate.periodKey, candidate);
    } catch (error) {
      problems.push({
        manifestKey: object.key,
        message: `${store.location}: ${object.key}: ${(error as Error).message}`,
      });
    }
  }
  const deliveries = [...latest.values()]
    .map(({ submittedAt: _submitted, manifestModified: _modified, ...delivery }) => delivery)
    .sort((a, b) => a.periodKey.localeCompare(b.periodKey));
  return { deliveries, problems };
}

/** Azure blob names may or may not start with the container name; S3 keys are used as they are. */
function resolveFile(name: string, byKey: ReadonlyMap<string, RemoteObject>): RemoteObject {
  const withoutFirstSegment = name.slice(name.indexOf('/') + 1);
  const found = byKey.get(name) ?? byKey.get(withoutFirstSegment);
  if (found === undefined) throw new Error(`the manifest lists ${name}, which is not in the store`);
  return found;
}

function isLater(candidate: Candidate, current: Candidate): boolean {
  const time = (c: Candidate) => (c.submittedAt ?? c.manifestModified)?.getTime() ?? 0;
  return time(candidate) > time(current);
}
