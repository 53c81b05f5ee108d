import type {
  AccountFilterEntry,
  Client,
  ClientChoice,
  ClientStatus,
  ClientUpdate,
  OrganizationAccount,
  Project,
} from '@finlens/contracts/admin';
import type { Kysely } from 'kysely';
import type { ProjectWithStatus } from '../../db/project-status';
import type { AppTables, ClientRow } from '../../db/tables';
import type { AuditLog } from '../../platform/auth/audit-log';
import type { Caller, ClientCaller } from '../../platform/auth/caller';
import { accessibleClients } from '../../platform/auth/load-caller';
import { notFound } from '../../platform/http/http-error';
import type { CostStore } from '../../warehouse/cost-store';
import type { AdminRepo } from './admin.repo';

export function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    partner: row.partner_id,
    sharesave_allowed: row.sharesave_allowed,
    azure_billing_currency: row.azure_billing_currency,
    is_rbac_enabled: row.is_rbac_enabled,
    name: row.name,
    has_marketplace_subscription: row.has_marketplace_subscription,
    explore: row.explore,
  };
}

function toProject(row: ProjectWithStatus): Project {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    cloud_type: row.cloud_type,
    billing: { last_ingestion_datetime: row.billing_last_ingestion_datetime?.toISOString() ?? null },
    created_at: row.created_at.toISOString(),
  };
}

/** Client, status and project calls of spec §7 "Admin"; always scoped to the caller's clients. */
export function createAdminService({
  db,
  repo,
  audit,
  warehouse,
  inventoryAccountNames = async () => new Map(),
}: {
  db: Kysely<AppTables>;
  repo: AdminRepo;
  audit: AuditLog;
  /** The bills' usage accounts; without a warehouse there are none. */
  warehouse?: Pick<CostStore, 'usageAccounts'>;
  /** Account names the cloud inventory knows (inventory.service.ts), by project id then account id. */
  inventoryAccountNames?: (clientId: string) => Promise<Map<string, Map<string, string>>>;
}) {
  /** Another client's id is the same 404 as an unknown one. */
  async function activeClient(clientId: string, id: string): Promise<ClientRow> {
    const row = id === clientId ? await repo.findClient(id) : undefined;
    if (row === undefined) throw notFound();
    return row;
  }

  return {
    async status(auth: ClientCaller, partnerScopeId?: string): Promise<ClientStatus> {
      const { clientId } = auth;
      let scope = clientId;
      if (partnerScopeId !== undefined) {
        const reachable = await accessibleClients(db, auth.user.id);
        if (!reachable.some((entry) => entry.client.id === partnerScopeId)) throw notFound();
        scope = partnerScopeId;
      }
      const projects = await repo.listProjects(scope);
      const times = projects.flatMap((p) =>
        p.billing_last_ingestion_datetime ? [p.billing_last_ingestion_datetime] : [],
      );
      const last = times.length === 0 ? null : new Date(Math.max(...times.map((t) => t.getTime())));
      return {
        client_id: scope,
        has_project: projects.length > 0,
        aws_projects: projects.filter((p) => p.cloud_type === 'aws').length,
        azure_projects: projects.filter((p) => p.cloud_type === 'azure').length,
        last_ingestion_datetime: last?.toISOString() ?? null,
        stage: projects.length === 0 ? 'no_projects' : last === null ? 'awaiting_data' : 'ready',
      };
    },

    async client(clientId: string, id: string): Promise<Client> {
      return toClient(await activeClient(clientId, id));
    },

    async updateClient(auth: ClientCaller, id: string, patch: ClientUpdate, ip: string): Promise<Client> {
      const { clientId } = auth;
      await activeClient(clientId, id);
      await repo.updateClient(id, patch);
      await audit.record({
        event: 'client_updated',
        actorUserId: auth.user.id,
        clientId: id,
        ip,
        detail: patch,
      });
      return toClient(await activeClient(clientId, id));
    },

    async allClients(auth: Caller): Promise<ClientChoice[]> {
      const reachable = await accessibleClients(db, auth.user.id);
      return reachable.map((entry) => ({
        id: entry.client.id,
        name: entry.client.name,
        role: entry.role,
        via_partner: entry.viaPartner,
        is_active: entry.client.id === auth.client?.id,
      }));
    },

    async projects(clientId: string, cloudType: 'aws' | 'azure'): Promise<Project[]> {
      return (await repo.listProjects(clientId, cloudType)).map(toProject);
    },

    async project(clientId: string, id: string): Promise<Project> {
      const row = await repo.findProject(clientId, id);
      if (row === undefined || row.cloud_type !== 'aws') throw notFound();
      return toProject(row);
    },

    async listing(clientId: string): Promise<AccountFilterEntry[]> {
      return (await repo.listProjects(clientId)).map((row) => ({
        id: row.id,
        value: row.name,
        status: row.status,
        cloudPlatform: row.cloud_type,
        last_ingestion_datetime: row.billing_last_ingestion_datetime?.toISOString() ?? null,
      }));
    },

    /**
     * The usage accounts of the client's AWS projects' bills, named as the bill names them, else as the
     * cloud inventory does, else null; by project, then account id.
     */
    async organizationAccounts(clientId: string): Promise<OrganizationAccount[]> {
      if (warehouse === undefined) return [];
      const projectIds = (await repo.listProjects(clientId, 'aws')).map((p) => p.id);
      const [rows, known] = await Promise.all([
        warehouse.usageAccounts({ clientId, projectIds }),
        inventoryAccountNames(clientId),
      ]);
      return rows.map((row) => ({
        account_id: row.accountId,
        account_name: row.accountName ?? known.get(row.projectId)?.get(row.accountId) ?? null,
        payer_project_id: row.projectId,
      }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
