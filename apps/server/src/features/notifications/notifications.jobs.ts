import { dispatchPayloadSchema } from '@finlens/contracts/notifications';
import { z } from 'zod';
import { defineJobHandler, PermanentJobError } from '../../platform/jobs/job-handler';
import { DELIVER_KIND, DISPATCH_KIND, type NotificationDispatcher } from './notification-dispatcher';

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
  ];
}
