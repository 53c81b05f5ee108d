import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import type { AppConfig } from '../platform/config';
import type { App } from '../platform/http/app';
import type { WarehouseStore } from '../warehouse/open-cost-store';
import { createLocalControl, type LocalControl } from './local-control';
import { localControlRoutes } from './local-control.routes';

/**
 * The CLI's door into this server: the routes the hand-off posts to. The server publishes the run file with
 * the returned LocalControl once it listens (main.ts).
 */
export async function registerLocalControl(
  app: App,
  deps: {
    db: Kysely<AppTables>;
    warehouse: WarehouseStore;
    config: Pick<AppConfig, 'dataDir' | 'publicUrl'>;
  },
): Promise<LocalControl> {
  const localControl = createLocalControl({ dataDir: deps.config.dataDir });
  await app.register(localControlRoutes, {
    localControl,
    stores: { db: deps.db, warehouse: deps.warehouse },
    config: deps.config,
  });
  return localControl;
}
