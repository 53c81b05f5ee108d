import type { Kysely } from 'kysely';
import { type ProjectWithStatus, projectStatusSql, withLiveStatus } from '../../db/project-status';
import type { AppTables, ClientRow } from '../../db/tables';

/** Clients, projects and partners; every query names the client (or partner) it is scoped to. */
export function createAdminRepo({ db }: { db: Kysely<AppTables> }) {
  const projects = () =>
    db.selectFrom('projects').selectAll('projects').select(projectStatusSql.as('live_status'));
  return {
    findClient(id: string): Promise<ClientRow | undefined> {
      return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async updateClient(
      id: string,
      patch: {
        name?: string;
        is_rbac_enabled?: boolean;
        azure_billing_currency?: string | null;
        explore?: boolean;
      },
    ): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db.updateTable('clients').set(patch).where('id', '=', id).execute();
    },
    /** The client's projects, each with its status (`projectStatusSql`). */
    async listProjects(clientId: string, cloudType?: 'aws' | 'azure'): Promise<ProjectWithStatus[]> {
      let query = projects().where('client_id', '=', clientId);
      if (cloudType !== undefined) query = query.where('cloud_type', '=', cloudType);
      return (await query.orderBy('name').orderBy('id').execute()).map(withLiveStatus);
    },
    async findProject(clientId: string, id: string): Promise<ProjectWithStatus | undefined> {
      const row = await projects().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : withLiveStatus(row);
    },
    findPartner(id: string) {
      return db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async partnerClientCount(partnerId: string): Promise<number> {
      const row = await db
        .selectFrom('clients')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('partner_id', '=', partnerId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    listPartnerClients(partnerId: string): Promise<ClientRow[]> {
      return db
        .selectFrom('clients')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },
    /** A new partner with its founder as partner admin. */
    createPartner(userId: string, name: string): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const partner = await trx
          .insertInto('partners')
          .values({ name })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('partner_users')
          .values({ user_id: userId, partner_id: partner.id, partner_user_role: 'admin' })
          .execute();
        return partner.id;
      });
    },
    async createPartnerClient(
      partnerId: string,
      name: string,
      sharesaveAllowed: boolean,
    ): Promise<ClientRow> {
      return db
        .insertInto('clients')
        .values({
          name,
          partner_id: partnerId,
          sharesave_allowed: sharesaveAllowed,
          azure_billing_currency: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type AdminRepo = ReturnType<typeof createAdminRepo>;
