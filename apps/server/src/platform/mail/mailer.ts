import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about; logged when mail goes to the outbox so a lone user can follow it. */
  link: string;
  /** Files sent along (report emails); `cid` lets the HTML show one inline. */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const OUTBOX_DIR = 'outbox';

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message becomes an .eml file in
 * DATA_DIR/outbox and the log prints its link, so every flow works on one machine without a mail server.
 */
export function createMailer({
  smtpUrl,
  dataDir,
  from,
  logger,
}: {
  smtpUrl: string | null;
  dataDir: string;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (smtpUrl !== null) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send({ link: _link, ...message }) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = join(dataDir, OUTBOX_DIR);
  return {
    async send({ link, ...message }) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info(
        { to: message.to, subject: message.subject, link, file },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
  };
}

/**
 * Sends after the caller has moved on: the anonymous account flows (sign-up, password reset) answer before the
 * mail server does, so how long an answer takes says nothing about whether the address has an account (the
 * known address gets a mail, the unknown one none or another). A failed send is logged.
 */
export function sendInBackground(mailer: Mailer, logger: Pick<FastifyBaseLogger, 'error'>): Mailer {
  return {
    async send(message) {
      mailer.send(message).catch((error: unknown) => {
        logger.error({ err: error, subject: message.subject }, 'mail could not be sent');
      });
    },
  };
}
