import { createAdminRepo } from '../features/admin/admin.repo';
import { adminRoutes } from '../features/admin/admin.routes';
import { createAdminService } from '../features/admin/admin.service';
import { partnerRoutes } from '../features/admin/partner.routes';
import { createPartnerService } from '../features/admin/partner.service';
import type { App } from '../platform/http/app';
import type { CostStore } from '../warehouse/cost-store';
import type { IdentityKit } from './identity-kit';

/** The admin's clients and users, and the partner's view of its clients, on one repository. */
export async function registerAdmin(
  app: App,
  {
    db,
    audit,
    warehouse,
    inventoryAccountNames,
  }: Pick<IdentityKit, 'db' | 'audit'> & {
    warehouse: CostStore;
    inventoryAccountNames: (clientId: string) => Promise<Map<string, Map<string, string>>>;
  },
): Promise<void> {
  const repo = createAdminRepo({ db });
  await app.register(adminRoutes, {
    adminService: createAdminService({ db, repo, audit, warehouse, inventoryAccountNames }),
  });
  await app.register(partnerRoutes, { partnerService: createPartnerService({ repo }) });
}
