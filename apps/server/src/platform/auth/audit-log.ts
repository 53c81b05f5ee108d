import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

/** Security events written to audit_log (issue 3: sign-in, failures, password, roles, keys). */
export const AUDIT_EVENTS = [
  'sign_in',
  'sign_in_failed',
  'sign_in_throttled',
  'sign_out',
  'sign_up',
  'email_verified',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'role_changed',
  'member_invited',
  'invitation_accepted',
  'invitation_declined',
  'invitation_revoked',
  'member_removed',
  'api_key_created',
  'api_key_revoked',
  'client_switched',
  'client_updated',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export interface AuditEntry {
  event: AuditEvent;
  actorUserId?: string | null;
  clientId?: string | null;
  subject?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Events of one kind since `since`, matching the subject or the address. */
  countSince(args: { event: AuditEvent; since: Date; subject?: string; ip?: string }): Promise<number>;
  /** When events of one kind happened since `since`, newest first, matching the subject and the address given. */
  timesSince(args: { event: AuditEvent; since: Date; subject?: string; ip?: string }): Promise<Date[]>;
}

export function createAuditLog({ db }: { db: Kysely<AppTables> }): AuditLog {
  return {
    async record(entry) {
      await db
        .insertInto('audit_log')
        .values({
          event: entry.event,
          actor_user_id: entry.actorUserId ?? null,
          client_id: entry.clientId ?? null,
          subject: entry.subject ?? null,
          ip: entry.ip ?? null,
          detail: JSON.stringify(entry.detail ?? {}),
        })
        .execute();
    },
    async countSince({ event, since, subject, ip }) {
      let query = db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('event', '=', event)
        .where('at', '>=', since);
      if (subject !== undefined) query = query.where('subject', '=', subject);
      if (ip !== undefined) query = query.where('ip', '=', ip);
      const row = await query.executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    async timesSince({ event, since, subject, ip }) {
      let query = db
        .selectFrom('audit_log')
        .select('at')
        .where('event', '=', event)
        .where('at', '>=', since)
        .orderBy('at', 'desc');
      if (subject !== undefined) query = query.where('subject', '=', subject);
      if (ip !== undefined) query = query.where('ip', '=', ip);
      return (await query.execute()).map((row) => new Date(row.at));
    },
  };
}
