import type { Kysely } from 'kysely';
import type { AppTables, BillingSourceRow } from '../../db/tables';
import type { BillingDelivery } from './billing-delivery';

export interface NewBillingSource {
  id: string;
  projectId: string;
  name: string;
  kind: BillingSourceRow['kind'];
  /** S3 bucket or Azure container. */
  bucket: string;
  prefix: string;
  region: string | null;
  endpoint: string | null;
  roleArn: string | null;
  externalId: string | null;
  credentialsSealed: string | null;
  pollCron: string;
}

/** Storage of billing sources and of what was last imported from each of their periods. */
export function createBillingSourcesRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async insert(source: NewBillingSource): Promise<BillingSourceRow> {
      return db
        .insertInto('billing_sources')
        .values({
          id: source.id,
          project_id: source.projectId,
          name: source.name,
          kind: source.kind,
          bucket: source.bucket,
          prefix: source.prefix,
          region: source.region,
          endpoint: source.endpoint,
          role_arn: source.roleArn,
          external_id: source.externalId,
          credentials_sealed: source.credentialsSealed,
          poll_cron: source.pollCron,
          last_polled_at: null,
          last_error: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(
      id: string,
      changes: Partial<Omit<NewBillingSource, 'id' | 'projectId'>>,
    ): Promise<BillingSourceRow | null> {
      const columns = {
        name: changes.name,
        kind: changes.kind,
        bucket: changes.bucket,
        prefix: changes.prefix,
        region: changes.region,
        endpoint: changes.endpoint,
        role_arn: changes.roleArn,
        external_id: changes.externalId,
        credentials_sealed: changes.credentialsSealed,
        poll_cron: changes.pollCron,
      };
      // Undefined means "leave as is"; null clears the column.
      const set = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
      const row = await db
        .updateTable('billing_sources')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    async get(id: string): Promise<BillingSourceRow | null> {
      return (
        (await db.selectFrom('billing_sources').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
      );
    },

    listByProject(projectId: string): Promise<BillingSourceRow[]> {
      return db
        .selectFrom('billing_sources')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('name')
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('billing_sources').where('id', '=', id).execute();
    },

    async importedFingerprints(sourceId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('billing_source_periods')
        .select(['period_key', 'fingerprint'])
        .where('source_id', '=', sourceId)
        .execute();
      return new Map(rows.map((row) => [row.period_key, row.fingerprint]));
    },

    async recordImported(sourceId: string, delivery: BillingDelivery, at: Date): Promise<void> {
      const values = {
        billing_period: delivery.billingPeriod,
        fingerprint: delivery.fingerprint,
        imported_at: at,
      };
      await db
        .insertInto('billing_source_periods')
        .values({ source_id: sourceId, period_key: delivery.periodKey, ...values })
        .onConflict((conflict) => conflict.columns(['source_id', 'period_key']).doUpdateSet(values))
        .execute();
    },

    /**
     * Makes `jobId` the source's one poller. False while another poll job holds it and is still running
     * under a live lease (in any server process); a poller that died leaves it free once its job's lease
     * has run out, and its own retry (the same job) takes it back.
     */
    async claimPoll(sourceId: string, jobId: string, now: Date): Promise<boolean> {
      const claimed = await db
        .updateTable('billing_sources')
        .set({ polling_job_id: jobId })
        .where('id', '=', sourceId)
        .where((eb) =>
          eb.or([
            eb('polling_job_id', 'is', null),
            eb('polling_job_id', '=', jobId),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('jobs')
                  .select('jobs.id')
                  .whereRef('jobs.id', '=', 'billing_sources.polling_job_id')
                  .where('jobs.status', '=', 'running')
                  .where('jobs.locked_until', '>', now),
              ),
            ),
          ]),
        )
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    async releasePoll(sourceId: string, jobId: string): Promise<void> {
      await db
        .updateTable('billing_sources')
        .set({ polling_job_id: null })
        .where('id', '=', sourceId)
        .where('polling_job_id', '=', jobId)
        .execute();
    },

    async recordPoll(sourceId: string, { at, error }: { at: Date; error: string | null }): Promise<void> {
      await db
        .updateTable('billing_sources')
        .set({ last_polled_at: at, last_error: error, updated_at: at })
        .where('id', '=', sourceId)
        .execute();
    },
  };
}

export type BillingSourcesRepo = ReturnType<typeof createBillingSourcesRepo>;
