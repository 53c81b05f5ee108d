import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { AppConfig } from '../../platform/config';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createMailer, type Mailer } from '../../platform/mail/mailer';
import { createChannelSender } from './channel-sender';
import { createNotificationDispatcher } from './notification-dispatcher';
import { notificationJobHandlers } from './notifications.jobs';
import { createNotificationsRepo } from './notifications.repo';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

type NotificationConfig = Pick<AppConfig, 'smtpUrl' | 'dataDir' | 'supportEmail' | 'publicUrl'> & {
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
  const dispatcher = createNotificationDispatcher({
    repo,
    secretBox,
    send: createChannelSender({ mailer: notificationMailer(config, logger) }),
    publicUrl: config.publicUrl,
  });
  return { repo, secretBox, dispatcher };
}

/** Settings → Notifications Center and Notifications. */
export async function registerNotifications(
  app: FastifyInstance,
  deps: { db: Kysely<AppTables>; config: NotificationConfig; logger: FastifyBaseLogger },
): Promise<void> {
  await app.register(notificationsRoutes, {
    notifications: createNotificationsService(dispatcherFor(deps.db, deps.config, deps.logger)),
  });
}

/** `notifications.dispatch` and `notifications.deliver`, for main.ts's handler list. */
export function notificationJobsFor(
  db: Kysely<AppTables>,
  config: NotificationConfig,
  logger: FastifyBaseLogger,
) {
  return notificationJobHandlers(dispatcherFor(db, config, logger).dispatcher);
}
