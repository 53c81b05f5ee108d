import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import { migrate } from '../db/migrate';
import { createAuthRepo } from '../features/auth/auth.repo';
import { createArgon2Hasher } from '../platform/auth/password-hasher';
import type { AppConfig } from '../platform/config';
import { type DemoAccount, ensureDemoAccount } from './demo-account';
import { createImportService, type ImportSummary } from './import.service';
import { openStores, stderrProgress } from './import-command';
import { createImportsRepo } from './imports.repo';
import { localSource } from './sources/local-source';

export const DEMO_PROJECT_NAME = 'Demo organisation';

export interface DemoOptions {
  rows: number;
  months: number;
  seed: number;
  endMonth: string;
}

/**
 * `finlens demo`: the demo client and its verified admin, the project, the generated CUR 2.0 export in
 * DATA_DIR/demo (kept when the same options made it) and its import. The warehouse is opened first, like
 * `finlens import`, so a running server is reported before anything changes.
 */
export async function runDemoCommand(args: {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'publicUrl' | 'demoPassword'>;
  options: DemoOptions;
}): Promise<{ account: DemoAccount; summary: ImportSummary }> {
  const { config, options } = args;
  const { warehouse, db } = await openStores(config);
  const progress = stderrProgress();
  try {
    await warehouse.init();
    await migrate(db.db);
    const account = await ensureDemoAccount({
      repo: createAuthRepo({ db: db.db }),
      hasher: createArgon2Hasher(),
      password: config.demoPassword,
    });
    const outDir = join(config.dataDir, 'demo');
    await ensureDemoData(outDir, options);
    const service = createImportService({ repo: createImportsRepo(db.db), warehouse });
    const summary = await service.importFrom({
      source: localSource(outDir),
      clientName: account.clientName,
      projectName: DEMO_PROJECT_NAME,
      format: 'cur2',
      onProgress: progress.update,
    });
    progress.stop();
    process.stdout.write(describeDemo({ account, summary, publicUrl: config.publicUrl }));
    return { account, summary };
  } finally {
    progress.stop();
    await Promise.allSettled([db.close(), warehouse.close()]);
  }
}

/** EXPECTED.json is written last, so it names the options of a complete earlier generation. */
async function ensureDemoData(outDir: string, options: DemoOptions): Promise<void> {
  const previous = await readFile(join(outDir, 'EXPECTED.json'), 'utf8')
    .then((text) => JSON.parse(text) as Record<string, unknown>)
    .catch(() => null);
  const same =
    previous !== null &&
    previous.seed === options.seed &&
    previous.endMonth === options.endMonth &&
    previous.months === options.months &&
    previous.rowsRequested === options.rows &&
    previous.format === 'parquet';
  if (same) {
    process.stderr.write(`Reusing the demo data in ${outDir} (same options).\n`);
    return;
  }
  await rm(outDir, { recursive: true, force: true });
  process.stderr.write(
    `Generating ${options.rows} demo CUR 2.0 rows over ${options.months} months into ${outDir}\n`,
  );
  await generateDemoCur2({ ...options, outDir, format: 'parquet' });
}

function describeDemo(args: { account: DemoAccount; summary: ImportSummary; publicUrl: string }): string {
  const { account, summary } = args;
  const sum = (type: 'unblended' | 'amortized') =>
    summary.periods.reduce((total, period) => total + period.totals[type], 0).toFixed(2);
  const periods = summary.periods.map((p) => p.billingPeriod.slice(0, 7));
  const password =
    account.password === null
      ? 'Password: unchanged (the demo user already existed; set DEMO_PASSWORD to replace it).'
      : account.generated
        ? `Password: ${account.password} (generated; shown only now)`
        : 'Password: the value of DEMO_PASSWORD.';
  return [
    `Demo client "${account.clientName}", project "${DEMO_PROJECT_NAME}": ${summary.rows} rows in ${periods.length} billing periods (${periods[0] ?? '-'} to ${periods.at(-1) ?? '-'}).`,
    `Unblended total: ${sum('unblended')} USD; amortized total: ${sum('amortized')} USD.`,
    `Sign in at ${args.publicUrl}/ as ${account.email}.`,
    password,
    '',
  ].join('\n');
}
