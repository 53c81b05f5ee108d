import type { DispatchPayload } from '@finlens/contracts/notifications';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { DISPATCH_KIND } from './notification-dispatcher';

/** Every notification queued so far (the dispatch jobs' payloads), oldest first. */
export async function dispatchedNotices(db: Kysely<AppTables>): Promise<DispatchPayload[]> {
  const jobs = await db
    .selectFrom('jobs')
    .select(['payload', 'created_at', 'id'])
    .where('kind', '=', DISPATCH_KIND)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return jobs.map((job) => job.payload as unknown as DispatchPayload);
}
