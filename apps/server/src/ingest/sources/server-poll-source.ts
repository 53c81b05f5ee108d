import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { createSecretBox } from '../../platform/crypto/secret-box';
import type { WarehouseStore } from '../../warehouse/open-cost-store';
import { createImportService } from '../import.service';
import { createImportsRepo } from '../imports.repo';
import { createBillingSourcesRepo } from './billing-sources.repo';
import { importServiceRunner } from './import-runner';
import { pollSourceJobHandler } from './poll-source-job';

/** The `ingest.poll-source` handler as the server runs it: the import service, downloads under DATA_DIR/tmp. */
export function serverPollSourceHandler({
  db,
  warehouse,
  secretKey,
  dataDir,
}: {
  db: Kysely<AppTables>;
  warehouse: WarehouseStore;
  secretKey: string;
  dataDir: string;
}) {
  const importService = createImportService({ repo: createImportsRepo(db), warehouse });
  return pollSourceJobHandler({
    repo: createBillingSourcesRepo({ db }),
    secretBox: createSecretBox(secretKey),
    importRunner: importServiceRunner({ db, importService }),
    tempRoot: join(dataDir, 'tmp', 'sources'),
  });
}
