import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

/** The server writes mail to DATA_DIR/outbox as .eml when no SMTP_URL is set; tests read it like a mailbox. */
export async function waitForMailLink(opts: {
  dataDir: string;
  to: string;
  linkPattern: RegExp;
  timeoutMs?: number;
}): Promise<string> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const dir = join(opts.dataDir, 'outbox');
  while (Date.now() < deadline) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse()) {
      const mail = await simpleParser(await readFile(join(dir, name)));
      const recipients = [mail.to].flat().flatMap((a) => a?.value.map((v) => v.address) ?? []);
      const link = mail.text?.match(opts.linkPattern)?.[0];
      if (recipients.includes(opts.to) && link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${opts.to} with a link matching ${opts.linkPattern} in ${dir}`);
}
