import type { Kysely, Transaction } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { ChannelRow, DeliveryRow, NotificationChannelsTable } from './notifications.tables';

/** A client's admins: whom alerts are addressed to (each reads them by their email preferences). */
export async function clientAdminIds(db: Kysely<AppTables>, clientId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('role', '=', 'admin')
    .execute();
  return rows.map((row) => row.user_id);
}

export interface ChannelValues {
  name: string;
  kind: NotificationChannelsTable['kind'];
  enabled: boolean;
  sources: string[];
  settings: { emails?: string[]; api_url?: string };
  secretsSealed: string | null;
  secretsMasked: Record<string, string>;
}

export interface NewDelivery {
  clientId: string;
  channelId: string | null;
  channelKind: NotificationChannelsTable['kind'];
  recipient: string;
  source: string;
  sourceId: string;
  subject: string;
  message: unknown;
  status?: 'pending' | 'skipped';
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  at: Date;
  ok: boolean;
  http_status: number | null;
  error: string | null;
}

export interface DeliveryFilter {
  channelId?: string;
  status?: string;
  source?: string;
  limit: number;
}

type Db = Kysely<AppTables> | Transaction<AppTables>;

/** Storage of channels, the delivery log and email preferences; every read is scoped to one client. */
export function createNotificationsRepo({ db }: { db: Kysely<AppTables> }) {
  const channelValues = (values: Partial<ChannelValues>) => ({
    ...(values.name === undefined ? {} : { name: values.name }),
    ...(values.kind === undefined ? {} : { kind: values.kind }),
    ...(values.enabled === undefined ? {} : { enabled: values.enabled }),
    ...(values.sources === undefined ? {} : { sources: JSON.stringify(values.sources) }),
    ...(values.settings === undefined ? {} : { settings: JSON.stringify(values.settings) }),
    ...(values.secretsSealed === undefined ? {} : { secrets_sealed: values.secretsSealed }),
    ...(values.secretsMasked === undefined ? {} : { secrets_masked: JSON.stringify(values.secretsMasked) }),
  });
  return {
    db,
    listChannels: (clientId: string): Promise<ChannelRow[]> =>
      db
        .selectFrom('notification_channels')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('created_at')
        .execute(),
    async getChannel(clientId: string, id: string): Promise<ChannelRow | null> {
      const row = await db
        .selectFrom('notification_channels')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },
    async insertChannel(clientId: string, id: string, values: ChannelValues): Promise<ChannelRow> {
      return db
        .insertInto('notification_channels')
        .values({
          id,
          client_id: clientId,
          ...(channelValues(values) as Required<ReturnType<typeof channelValues>>),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async updateChannel(
      clientId: string,
      id: string,
      values: Partial<ChannelValues>,
    ): Promise<ChannelRow | null> {
      const row = await db
        .updateTable('notification_channels')
        .set({ ...channelValues(values), updated_at: new Date() })
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },
    async deleteChannel(clientId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('notification_channels')
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    /** Enabled channels subscribed to `source`, plus the named ones (enabled or not) of the client. */
    async channelsFor(clientId: string, source: string, ids: string[]): Promise<ChannelRow[]> {
      const rows = await db
        .selectFrom('notification_channels')
        .selectAll()
        .where('client_id', '=', clientId)
        .execute();
      return rows.filter((row) => ids.includes(row.id) || (row.enabled && row.sources.includes(source)));
    },
    /** Mail deliveries held for a digest of `frequency`, oldest first, with the user's current preference. */
    heldForDigest: (frequency: 'daily' | 'weekly') =>
      db
        .selectFrom('notification_deliveries as d')
        .innerJoin('users as u', 'u.email', 'd.recipient')
        .innerJoin('notification_preferences as p', (join) =>
          join.onRef('p.user_id', '=', 'u.id').onRef('p.client_id', '=', 'd.client_id'),
        )
        .selectAll('d')
        .where('d.status', '=', 'skipped')
        .where('d.channel_id', 'is', null)
        .where('p.email_frequency', '=', frequency)
        .orderBy('d.created_at')
        .execute(),
    /** Members of the client among `userIds`, with their email preferences (null when never saved). */
    membersWithPreferences: (clientId: string, userIds: string[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('memberships')
            .innerJoin('users', 'users.id', 'memberships.user_id')
            .leftJoin('notification_preferences as p', (join) =>
              join
                .onRef('p.user_id', '=', 'memberships.user_id')
                .onRef('p.client_id', '=', 'memberships.client_id'),
            )
            .select(['users.id', 'users.email', 'p.email_sources', 'p.email_frequency'])
            .where('memberships.client_id', '=', clientId)
            .where('memberships.user_id', 'in', userIds)
            .where('users.is_active', '=', true)
            .execute(),
    async insertDelivery(tx: Db, delivery: NewDelivery): Promise<DeliveryRow> {
      return tx
        .insertInto('notification_deliveries')
        .values({
          client_id: delivery.clientId,
          channel_id: delivery.channelId,
          channel_kind: delivery.channelKind,
          recipient: delivery.recipient,
          source: delivery.source,
          source_id: delivery.sourceId,
          subject: delivery.subject,
          message: JSON.stringify(delivery.message),
          ...(delivery.status === undefined ? {} : { status: delivery.status }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async getDelivery(id: string): Promise<DeliveryRow | null> {
      const row = await db
        .selectFrom('notification_deliveries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },
    /** Logs one attempt and moves the delivery to `status` in one transaction. */
    async recordAttempt(
      deliveryId: string,
      attempt: Omit<AttemptRow, 'delivery_id' | 'at'>,
      status: DeliveryRow['status'],
    ): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('notification_delivery_attempts')
          .values({ delivery_id: deliveryId, ...attempt })
          .onConflict((conflict) =>
            conflict.columns(['delivery_id', 'attempt']).doUpdateSet({
              ok: attempt.ok,
              http_status: attempt.http_status,
              error: attempt.error,
              at: new Date(),
            }),
          )
          .execute();
        await tx
          .updateTable('notification_deliveries')
          .set({ status, updated_at: new Date() })
          .where('id', '=', deliveryId)
          .execute();
      });
    },
    async listDeliveries(
      clientId: string,
      filter: DeliveryFilter,
    ): Promise<{ rows: DeliveryRow[]; attempts: AttemptRow[] }> {
      let query = db.selectFrom('notification_deliveries').selectAll().where('client_id', '=', clientId);
      if (filter.channelId !== undefined) query = query.where('channel_id', '=', filter.channelId);
      if (filter.status !== undefined)
        query = query.where('status', '=', filter.status as DeliveryRow['status']);
      if (filter.source !== undefined) query = query.where('source', '=', filter.source);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(filter.limit).execute();
      const attempts =
        rows.length === 0
          ? []
          : await db
              .selectFrom('notification_delivery_attempts')
              .selectAll()
              .where(
                'delivery_id',
                'in',
                rows.map((row) => row.id),
              )
              .orderBy('attempt')
              .execute();
      return { rows, attempts };
    },
    async getPreferences(clientId: string, userId: string) {
      const row = await db
        .selectFrom('notification_preferences')
        .select(['email_sources', 'email_frequency'])
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ?? null;
    },
    async savePreferences(
      clientId: string,
      userId: string,
      sources: string[],
      frequency: 'immediately' | 'daily' | 'weekly' | 'off',
    ) {
      await db
        .insertInto('notification_preferences')
        .values({
          client_id: clientId,
          user_id: userId,
          email_sources: JSON.stringify(sources),
          email_frequency: frequency,
        })
        .onConflict((conflict) =>
          conflict.columns(['client_id', 'user_id']).doUpdateSet({
            email_sources: JSON.stringify(sources),
            email_frequency: frequency,
            updated_at: new Date(),
          }),
        )
        .execute();
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
