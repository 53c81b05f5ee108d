import type { Client, Partner, PartnerClientCreate } from '@finlens/contracts/admin';
import type { Caller } from '../../platform/auth/caller';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { AdminRepo } from './admin.repo';
import { toClient } from './admin.service';

/** Partners (solution providers) and the clients they manage (/app_partner/…). */
export function createPartnerService({ repo }: { repo: AdminRepo }) {
  async function partnerOf(auth: Caller): Promise<Partner> {
    const row = auth.partnerId === null ? undefined : await repo.findPartner(auth.partnerId);
    if (row === undefined || auth.partnerUserRole === null) throw notFound();
    return {
      id: row.id,
      name: row.name,
      partner_user_role: auth.partnerUserRole,
      clients: await repo.partnerClientCount(row.id),
      created_at: row.created_at.toISOString(),
    };
  }

  return {
    partner: partnerOf,

    async create(auth: Caller, name: string): Promise<Partner> {
      if (auth.isPartnerUser) throw new HttpError(409, 'You already belong to a partner.');
      const id = await repo.createPartner(auth.user.id, name);
      return partnerOf({ ...auth, isPartnerUser: true, partnerId: id, partnerUserRole: 'admin' });
    },

    async clients(auth: Caller): Promise<Client[]> {
      if (auth.partnerId === null) throw notFound();
      return (await repo.listPartnerClients(auth.partnerId)).map(toClient);
    },

    async createClient(auth: Caller, body: Required<PartnerClientCreate>): Promise<Client> {
      if (auth.partnerId === null) throw notFound();
      return toClient(await repo.createPartnerClient(auth.partnerId, body.name, body.sharesave_allowed));
    },
  };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
