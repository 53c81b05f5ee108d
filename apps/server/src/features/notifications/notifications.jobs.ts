import { dispatchPayloadSchema } from '@finlens/contracts/notifications';
import { z } from 'zod';
import { defineJobHandler, PermanentJobError } from '../../platform/jobs/job-handler';
import type { ScheduleDefinition } from '../../platform/jobs/job-schedules';
import { DELIVER_KIND, DISPATCH_KIND, type NotificationDispatcher } from './notification-dispatcher';

const DIGEST_KIND = 'notifications.digest';

/** `notifications.dispatch` fans a message out; each delivery is its own `notifications.deliver` job. */
export function notificationJobHandlers(dispatcher: NotificationDispatcher) {
  return [
    defineJobHandler({
      kind: DISPATCH_KIND,
      payload: dispatchPayloadSchema,
      async run(payload) {
        await dispatcher.fanOut(payload);
      },
    }),
    defineJobHandler({
      kind: DELIVER_KIND,
      payload: z.object({ deliveryId: z.string().min(1) }),
      async run({ deliveryId }, { job }) {
        const result = await dispatcher.deliver(deliveryId, job.attempts, job.attempts >= job.max_attempts);
        // Throwing hands the job back to the queue, which retries it with backoff.
        if (result !== null && !result.ok) {
          const error = result.error ?? 'delivery failed';
          throw result.error === 'The channel was removed.' ? new PermanentJobError(error) : new Error(error);
        }
      },
    }),
    defineJobHandler({
      kind: DIGEST_KIND,
      payload: z.object({ frequency: z.enum(['daily', 'weekly']) }),
      async run({ frequency }) {
        await dispatcher.sendDigests(frequency);
      },
    }),
  ];
}

/** Digest mails for users who chose daily or weekly email (07:00 UTC; weekly on Mondays). */
export const NOTIFICATION_SCHEDULES: readonly ScheduleDefinition[] = [
  {
    name: 'notifications.digest-daily',
    kind: DIGEST_KIND,
    payload: { frequency: 'daily' },
    cron: '0 7 * * *',
  },
  {
    name: 'notifications.digest-weekly',
    kind: DIGEST_KIND,
    payload: { frequency: 'weekly' },
    cron: '0 7 * * 1',
  },
];
