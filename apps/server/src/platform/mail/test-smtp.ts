import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** An SMTP server on loopback for tests: collects every message; `next(to)` waits for the next one to an address. */
export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const consumed = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const toField = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
          const mail: ReceivedMail = {
            to: toField.flatMap((address) => address.value.map((entry) => entry.address ?? '')),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content,
            })),
          };
          messages.push(mail);
          const index = waiters.findIndex((waiter) => mail.to.includes(waiter.to));
          if (index >= 0) {
            consumed.add(mail);
            waiters.splice(index, 1)[0]?.resolve(mail);
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(to, timeoutMs = 10_000) {
      const waiting = messages.find((mail) => mail.to.includes(to) && !consumed.has(mail));
      if (waiting !== undefined) {
        consumed.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a mail's text part. */
export function firstLink(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (match === null) throw new Error(`no link in mail "${mail.subject}"`);
  return match[0];
}
