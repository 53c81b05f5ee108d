import { randomUUID } from 'node:crypto';
import type { BillingSourceRow } from '../../db/tables';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { type JobSchedules, nextSlot } from '../../platform/jobs/job-schedules';
import type { GuardedHttp } from '../../platform/outbound/guarded-http';
import { type SourceCredentials, sealCredentials, storeFor } from './billing-source-settings';
import type { BillingSourcesRepo, NewBillingSource } from './billing-sources.repo';
import { findDeliveries } from './find-deliveries';
import { POLL_SOURCE_JOB } from './poll-source-job';

/** What a user saves: the stored settings, with the credentials in clear (sealed before storage). */
export type NewSourceInput = Omit<NewBillingSource, 'id' | 'credentialsSealed' | 'pollCron'> & {
  credentials: SourceCredentials | null;
  /** UTC cron of the polling job; hourly at minute 17 by default (off the top of the hour). */
  pollCron?: string;
};

/** A source as the rest of the app sees it: never the credentials, only whether some are stored. */
export type BillingSourceView = Omit<BillingSourceRow, 'credentials_sealed'> & { has_credentials: boolean };

export interface SourceCheck {
  ok: boolean;
  periods: { periodKey: string; billingPeriod: string; files: number }[];
  problems: string[];
}

const DEFAULT_POLL_CRON = '17 * * * *';

export function pollScheduleName(sourceId: string): string {
  return `${POLL_SOURCE_JOB}:${sourceId}`;
}

/** Saving a source seals its credentials and schedules its polling job; removing it stops the polling. */
export function createBillingSourcesService({
  repo,
  schedules,
  queue,
  secretBox,
  http,
}: {
  repo: BillingSourcesRepo;
  schedules: JobSchedules;
  queue: JobQueue;
  secretBox: SecretBox;
  /** Connection checks reach a tenant's endpoint: through the outbound guard. */
  http: GuardedHttp;
}) {
  const schedulePolling = (id: string, cron: string) =>
    schedules.save({ name: pollScheduleName(id), kind: POLL_SOURCE_JOB, payload: { sourceId: id }, cron });

  return {
    async create(input: NewSourceInput): Promise<BillingSourceView> {
      const pollCron = input.pollCron ?? DEFAULT_POLL_CRON;
      nextSlot({ cron: pollCron, timeZone: 'UTC', after: new Date() });
      const id = randomUUID();
      const { credentials, ...settings } = input;
      const row = await repo.insert({
        ...settings,
        id,
        pollCron,
        credentialsSealed: sealCredentials(secretBox, id, credentials),
      });
      await schedulePolling(id, pollCron);
      return toView(row);
    },

    /** Changes the given settings; `credentials: null` forgets the stored ones, leaving it out keeps them. */
    async update(
      id: string,
      changes: Partial<Omit<NewSourceInput, 'projectId'>>,
    ): Promise<BillingSourceView | null> {
      const { credentials, pollCron, ...settings } = changes;
      if (pollCron !== undefined) nextSlot({ cron: pollCron, timeZone: 'UTC', after: new Date() });
      const row = await repo.update(id, {
        ...settings,
        ...(pollCron === undefined ? {} : { pollCron }),
        ...(credentials === undefined
          ? {}
          : { credentialsSealed: sealCredentials(secretBox, id, credentials) }),
      });
      if (row === null) return null;
      if (pollCron !== undefined) {
        await schedulePolling(id, pollCron);
      }
      return toView(row);
    },

    /**
     * Tries settings before they are saved: the billing periods their manifests describe, or why not.
     * `serverIdentity`: a saved source of an operator-marked account, which may read without keys or a role.
     */
    async check(
      input: Omit<NewSourceInput, 'projectId' | 'pollCron'>,
      { serverIdentity = false }: { serverIdentity?: boolean } = {},
    ): Promise<SourceCheck> {
      try {
        const store = storeFor(
          { ...input, role_arn: input.roleArn, external_id: input.externalId },
          input.credentials,
          http,
          { serverIdentity },
        );
        const { deliveries, problems } = await findDeliveries(store);
        return {
          ok: problems.length === 0,
          periods: deliveries.map(({ periodKey, billingPeriod, files }) => ({
            periodKey,
            billingPeriod,
            files: files.length,
          })),
          problems: problems.map((problem) => problem.message),
        };
      } catch (error) {
        return { ok: false, periods: [], problems: [(error as Error).message] };
      }
    },

    async list(projectId: string): Promise<BillingSourceView[]> {
      return (await repo.listByProject(projectId)).map(toView);
    },

    async remove(id: string): Promise<void> {
      await schedules.remove(pollScheduleName(id));
      await repo.remove(id);
    },

    /** Polls now instead of waiting for the next slot; returns the job id. */
    async pollNow(id: string): Promise<string | null> {
      return queue.enqueue({ kind: POLL_SOURCE_JOB, payload: { sourceId: id } });
    },
  };
}

function toView({ credentials_sealed, ...row }: BillingSourceRow): BillingSourceView {
  return { ...row, has_credentials: credentials_sealed !== null };
}
