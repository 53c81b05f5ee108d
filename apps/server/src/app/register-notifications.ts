import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createChannelSender } from '../features/notifications/channel-sender';
import { createNotificationDispatcher } from '../features/notifications/notification-dispatcher';
import { notificationJobHandlers } from '../features/notifications/notifications.jobs';
import { createNotificationsRepo } from '../features/notifications/notifications.repo';
import { notificationsRoutes } from '../features/notifications/notifications.routes';
import { createNotificationsService } from '../features/notifications/notifications.service';
import type { AppConfig } from '../platform/config';
import { createSecretBox } from '../platform/crypto/secret-box';
import type { App } from '../platform/http/app';
import { createMailer, type Mailer } from '../platform/mail/mailer';
import { createGuardedHttp } from '../platform/outbound/guarded-http';

type NotificationConfig = Pick<
  AppConfig,
  'smtpUrl' | 'dataDir' | 'supportEmail' | 'publicUrl' | 'outboundAllow'
> & {
  secretKey: string;
};

/** The mailer notifications use: the same SMTP_URL / outbox as the identity mails. */
export function notificationMailer(config: NotificationConfig, logger: FastifyBaseLogger): Mailer {
  return createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: config.supportEmail,
    logger,
  });
}

function dispatcherFor(db: Kysely<AppTables>, config: NotificationConfig, logger: FastifyBaseLogger) {
  const repo = createNotificationsRepo({ db });
  const secretBox = createSecretBox(config.secretKey);
  const http = createGuardedHttp(config.outboundAllow);
  const dispatcher = createNotificationDispatcher({
    repo,
    secretBox,
    send: createChannelSender({ mailer: notificationMailer(config, logger), http }),
    publicUrl: config.publicUrl,
  });
  return { repo, secretBox, dispatcher, refusedReason: http.refusedReason };
}

/** Settings → Notifications Center and Notifications. */
export async function registerNotifications(
  app: App,
  deps: { db: Kysely<AppTables>; config: NotificationConfig; logger: FastifyBaseLogger },
): Promise<void> {
  await app.register(notificationsRoutes, {
    notifications: createNotificationsService(dispatcherFor(deps.db, deps.config, deps.logger)),
  });
}

/** `notifications.dispatch` and `notifications.deliver`, for the server's job handlers (server-jobs.ts). */
export function notificationJobsFor(
  db: Kysely<AppTables>,
  config: NotificationConfig,
  logger: FastifyBaseLogger,
) {
  return notificationJobHandlers(dispatcherFor(db, config, logger).dispatcher);
}
