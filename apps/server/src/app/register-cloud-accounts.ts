import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { billingUploadRoutes } from '../features/cloud-accounts/billing-upload.routes';
import { createBillingUploadService } from '../features/cloud-accounts/billing-upload.service';
import { createCloudAccountsRepo } from '../features/cloud-accounts/cloud-accounts.repo';
import { cloudAccountsRoutes } from '../features/cloud-accounts/cloud-accounts.routes';
import {
  type AccountInventories,
  createCloudAccountsService,
} from '../features/cloud-accounts/cloud-accounts.service';
import { createImportService } from '../ingest/import.service';
import { createImportsRepo } from '../ingest/imports.repo';
import { createBillingSourcesRepo } from '../ingest/sources/billing-sources.repo';
import { createBillingSourcesService } from '../ingest/sources/billing-sources.service';
import { importServiceRunner } from '../ingest/sources/import-runner';
import { createSecretBox } from '../platform/crypto/secret-box';
import type { App } from '../platform/http/app';
import { createJobQueue } from '../platform/jobs/job-queue';
import { createJobSchedules } from '../platform/jobs/job-schedules';
import { createGuardedHttp } from '../platform/outbound/guarded-http';
import type { WarehouseStore } from '../warehouse/open-cost-store';
import { enqueueAfterImportJobs } from './after-import-jobs';

/** Settings → AWS Accounts / Cloud Accounts and the billing upload, wired to the ingest services. */
export async function registerCloudAccounts(
  app: App,
  deps: {
    db: Kysely<AppTables>;
    warehouse: WarehouseStore;
    /** Each project's newest inventory collection (features/inventory). */
    accountInventories?: AccountInventories;
    secretKey: string;
    dataDir: string;
    uploadMaxBytes: number;
    /** OUTBOUND_ALLOW: what a source's endpoint may reach besides public addresses. */
    outboundAllow: readonly string[];
    /** SERVER_IDENTITY_ACCOUNTS: accounts whose source may read with the server's own AWS identity. */
    serverIdentityAccounts: ReadonlySet<string>;
  },
): Promise<void> {
  const { db } = deps;
  const secretBox = createSecretBox(deps.secretKey);
  const http = createGuardedHttp(deps.outboundAllow);
  const repo = createCloudAccountsRepo({ db });
  const sources = createBillingSourcesService({
    repo: createBillingSourcesRepo({ db }),
    schedules: createJobSchedules({ db }),
    queue: createJobQueue({ db }),
    secretBox,
    http,
  });
  await app.register(cloudAccountsRoutes, {
    cloudAccounts: createCloudAccountsService({
      repo,
      sources,
      secretBox,
      warehouse: deps.warehouse,
      refusedReason: http.refusedReason,
      serverIdentityAccounts: deps.serverIdentityAccounts,
      ...(deps.accountInventories === undefined ? {} : { accountInventories: deps.accountInventories }),
    }),
  });
  const importService = createImportService({
    repo: createImportsRepo(db, { onPeriodsReplaced: enqueueAfterImportJobs }),
    warehouse: deps.warehouse,
  });
  await app.register(billingUploadRoutes, {
    maxBytes: deps.uploadMaxBytes,
    billingUpload: createBillingUploadService({
      repo,
      importRunner: importServiceRunner({ db, importService }),
      tempRoot: join(deps.dataDir, 'tmp', 'uploads'),
      maxBytes: deps.uploadMaxBytes,
    }),
  });
}
