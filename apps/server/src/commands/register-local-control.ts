import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import type { AppConfig } from '../platform/config';
import type { App } from '../platform/http/app';
import type { WarehouseStore } from '../warehouse/open-cost-store';
import { createLocalControl } from './local-control';
import { localControlRoutes } from './local-control.routes';

/** The CLI's door into this server (`app.localControl` publishes the run file once the server listens). */
export async function registerLocalControl(
  app: App,
  deps: {
    db: Kysely<AppTables>;
    warehouse: WarehouseStore;
    config: Pick<AppConfig, 'dataDir' | 'publicUrl'>;
  },
): Promise<void> {
  const localControl = createLocalControl({ dataDir: deps.config.dataDir });
  app.decorate('localControl', localControl);
  await app.register(localControlRoutes, {
    localControl,
    stores: { db: deps.db, warehouse: deps.warehouse },
    config: deps.config,
  });
}
