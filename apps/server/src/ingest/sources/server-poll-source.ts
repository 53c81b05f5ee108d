import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createGuardedHttp } from '../../platform/outbound/guarded-http';
import type { WarehouseStore } from '../../warehouse/open-cost-store';
import { createImportService } from '../import.service';
import { createImportsRepo, type PeriodsReplacedHook } from '../imports.repo';
import { openSourceStore, type ServerIdentityAccounts } from './billing-source-settings';
import { createBillingSourcesRepo } from './billing-sources.repo';
import { importServiceRunner } from './import-runner';
import { pollSourceJobHandler } from './poll-source-job';

/** The `ingest.poll-source` handler as the server runs it: the import service, downloads under DATA_DIR/tmp. */
export function serverPollSourceHandler({
  db,
  warehouse,
  secretKey,
  dataDir,
  outboundAllow,
  serverIdentityAccounts,
  onPeriodsReplaced,
}: {
  db: Kysely<AppTables>;
  warehouse: WarehouseStore;
  secretKey: string;
  dataDir: string;
  /** OUTBOUND_ALLOW: what a source's endpoint may reach besides public addresses. */
  outboundAllow: readonly string[];
  /** SERVER_IDENTITY_ACCOUNTS: accounts whose source may read with the server's own AWS identity. */
  serverIdentityAccounts: ServerIdentityAccounts;
  onPeriodsReplaced: PeriodsReplacedHook;
}) {
  const http = createGuardedHttp(outboundAllow);
  const importService = createImportService({
    repo: createImportsRepo(db, { onPeriodsReplaced }),
    warehouse,
  });
  return pollSourceJobHandler({
    repo: createBillingSourcesRepo({ db }),
    secretBox: createSecretBox(secretKey),
    importRunner: importServiceRunner({ db, importService }),
    openStore: (row, box, access) => openSourceStore(row, box, http, access),
    serverIdentityAccounts,
    tempRoot: join(dataDir, 'tmp', 'sources'),
  });
}
