import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, OUTBOX_DIR } from './mailer';
import { resetMail } from './templates';
import { firstLink, startTestSmtp, type TestSmtp } from './test-smtp';

const link =
  'http://finlens.test/accounts/reset-password/confirm/dWlk/a-token-long-enough-to-be-wrapped-by-quoted-printable-encoding';

describe('mailer without SMTP_URL', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'finlens-outbox-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes an .eml file into DATA_DIR/outbox and logs the link', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ smtpUrl: null, dataDir: dir, from: 'support@finlens.local', logger });
    await mailer.send(resetMail('ada@example.com', link));
    const files = await readdir(join(dir, OUTBOX_DIR));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(join(dir, OUTBOX_DIR, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: ada@example.com');
    expect(eml).toContain('Subject: Finlens: reset your password');
    expect(lines.join('\n')).toContain(link);
  });
});

describe('mailer over SMTP_URL', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.stop();
  });

  it('delivers text and HTML parts with the same link', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      dataDir: tmpdir(),
      from: 'support@finlens.local',
      logger: pino({ level: 'silent' }),
    });
    await mailer.send(resetMail('grace@example.com', link));
    const mail = await smtp.next('grace@example.com');
    expect(firstLink(mail)).toBe(link);
    expect(mail.html).toContain(`href="${link}"`);
  });
});
