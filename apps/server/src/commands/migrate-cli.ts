import { Command } from 'commander';
import { prepare } from './command-options';

/** `finlens migrate`: both engines brought to the current schema, what was applied printed. */
export function migrateCommand(): Command {
  return new Command('migrate')
    .description('apply app database migrations and prepare the cost warehouse, then exit')
    .action(async () => {
      const config = await prepare();
      const [{ openMigratedStorage }, { describeWarehouse }] = await Promise.all([
        import('../app/open-storage'),
        import('../warehouse/open-cost-store'),
      ]);
      const storage = await openMigratedStorage({ config });
      await storage.close();
      const appDb =
        config.databaseUrl === null ? `PGlite in ${config.dataDir}/appdb` : 'PostgreSQL (DATABASE_URL)';
      console.log(`App database (${appDb}): ${describe(storage.migrations)}`);
      console.log(`Warehouse (${describeWarehouse(config)}): ${describe(storage.warehouseSteps)}`);
    });
}

function describe(applied: string[]): string {
  return applied.length === 0 ? 'already up to date' : `applied ${applied.join(', ')}`;
}
