import { z } from 'zod';
import type { BillingSourceRow } from '../../db/tables';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { defineJobHandler, PermanentJobError } from '../../platform/jobs/job-handler';
import { type BillingDelivery, type ManifestLayout, newOrRestated } from './billing-delivery';
import { type ServerIdentityAccounts, sourceSignIn } from './billing-source-settings';
import type { BillingSourcesRepo } from './billing-sources.repo';
import { downloadDelivery } from './download-delivery';
import { findDeliveries } from './find-deliveries';
import type { RemoteStore } from './remote-store';
import type { BillingSource } from './source';

export const POLL_SOURCE_JOB = 'ingest.poll-source';

/**
 * The importer's entry point as the poller needs it: replace one billing period of a project with the files
 * of a delivery, atomically (issue 4 item 4). The server's runner is the import service (import-runner.ts).
 */
export interface ImportRunner {
  importDelivery(input: {
    projectId: string;
    billingPeriod: string;
    layout: ManifestLayout;
    source: BillingSource;
    signal: AbortSignal;
  }): Promise<void>;
}

/** `ingest.poll-source`: fetch and import the new or restated billing periods of one saved source. */
export function pollSourceJobHandler({
  repo,
  secretBox,
  importRunner,
  openStore,
  serverIdentityAccounts,
  tempRoot,
  clock = () => new Date(),
}: {
  repo: BillingSourcesRepo;
  secretBox: SecretBox;
  importRunner: ImportRunner;
  /** The store of a saved source (openSourceStore with the outbound guard, in the server). */
  openStore: (row: BillingSourceRow, box: SecretBox, access: { serverIdentity: boolean }) => RemoteStore;
  /** SERVER_IDENTITY_ACCOUNTS: a source without keys or a role is polled only when its account is listed. */
  serverIdentityAccounts: ServerIdentityAccounts;
  /** Where downloads are staged (DATA_DIR/tmp in the server; the OS temp folder by default). */
  tempRoot?: string;
  clock?: () => Date;
}) {
  return defineJobHandler({
    kind: POLL_SOURCE_JOB,
    payload: z.object({ sourceId: z.string() }),
    async run({ sourceId }, { job, signal }) {
      const source = await repo.get(sourceId);
      if (source === null) throw new PermanentJobError(`billing source ${sourceId} no longer exists`);
      // Awaiting configuration (no keys or role of its own): never read with the server's own identity.
      const signIn = sourceSignIn(source, serverIdentityAccounts);
      if (signIn === null) return;
      // Another poll of this source is running (here or in another server process): what it finds is what
      // this one would import, and whatever arrives after it is the next poll's.
      if (!(await repo.claimPoll(sourceId, job.id, clock()))) return;
      let outcome: { problems: string[]; failures: string[] };
      try {
        outcome = await pollOnce(source, signIn === 'server-identity', signal);
      } catch (error) {
        await repo.recordPoll(sourceId, { at: clock(), error: (error as Error).message });
        throw error;
      } finally {
        await repo.releasePoll(sourceId, job.id);
      }
      const messages = [...outcome.problems, ...outcome.failures];
      await repo.recordPoll(sourceId, {
        at: clock(),
        error: messages.length === 0 ? null : messages.join('\n'),
      });
      // Manifest problems wait for the next delivery; failed imports are retried with backoff, and since
      // imported periods are recorded, the retry redoes only those.
      if (outcome.failures.length > 0) throw new Error(outcome.failures.join('\n'));
    },
  });

  async function pollOnce(source: BillingSourceRow, serverIdentity: boolean, signal: AbortSignal) {
    const store = openStore(source, secretBox, { serverIdentity });
    const { deliveries, problems } = await findDeliveries(store, signal);
    const todo = newOrRestated(deliveries, await repo.importedFingerprints(source.id));
    const failures: string[] = [];
    for (const delivery of todo) {
      signal.throwIfAborted();
      const failure = await importOne({ store, delivery, source, signal });
      if (failure !== null) failures.push(failure);
    }
    return { problems: problems.map((problem) => problem.message), failures };
  }

  async function importOne({
    store,
    delivery,
    source,
    signal,
  }: {
    store: RemoteStore;
    delivery: BillingDelivery;
    source: BillingSourceRow;
    signal: AbortSignal;
  }): Promise<string | null> {
    const files = await downloadDelivery({ store, delivery, signal, ...(tempRoot ? { tempRoot } : {}) });
    try {
      await importRunner.importDelivery({
        projectId: source.project_id,
        billingPeriod: delivery.billingPeriod,
        layout: delivery.layout,
        source: files,
        signal,
      });
      await repo.recordImported(source.id, delivery, clock());
      return null;
    } catch (error) {
      return `${store.location} ${delivery.billingPeriod}: ${(error as Error).message}`;
    } finally {
      await files.dispose();
    }
  }
}
