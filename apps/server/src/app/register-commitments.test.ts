import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { AppTables } from '../db/tables';
import type { WarehouseStore } from '../warehouse/open-cost-store';
import { commitmentsServiceFor } from './register-commitments';

it('gives the routes and the jobs of a process one commitments service per database and warehouse', () => {
  const db = {} as Kysely<AppTables>;
  const warehouse = {} as WarehouseStore;
  const routes = commitmentsServiceFor({ db, warehouse });
  // The after-import job's reads are kept where the routes read: the same service.
  expect(commitmentsServiceFor({ db, warehouse })).toBe(routes);
  expect(commitmentsServiceFor({ db: {} as Kysely<AppTables>, warehouse })).not.toBe(routes);
  expect(commitmentsServiceFor({ db, warehouse: {} as WarehouseStore })).not.toBe(routes);
});
