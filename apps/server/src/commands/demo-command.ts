import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import { enqueueAfterImportJobs } from '../app/after-import-jobs';
import { demoDataDir } from '../app/demo-bill';
import { type SimulatedProject, simulateProject } from '../features/inventory/simulated-project';
import { createKubernetesClustersRepo } from '../features/kubernetes-clusters/kubernetes-clusters.repo';
import { createImportService, type ImportSummary } from '../ingest/import.service';
import { createImportsRepo } from '../ingest/imports.repo';
import { localSource } from '../ingest/sources/local-source';
import { parseScenario, ScenarioError } from '../integrations/cloud/simulated/scenario-file';
import type { Scenario } from '../integrations/cloud/simulated/scenario-schema';
import { createArgon2Hasher } from '../platform/auth/password-hasher';
import type { AppConfig } from '../platform/config';
import { CommandFailure, type CommandOutput } from './command-output';
import { type DemoAccount, ensureDemoAccount } from './demo-account';
import { type OpenStores, runHereOrInServer } from './hand-off';

export const DEMO_PROJECT_NAME = 'Demo organisation';

export interface DemoOptions {
  rows: number;
  months: number;
  seed: number;
  endMonth: string;
  /** Usage stops here (ISO, exclusive); absent: the whole of every period. */
  usageEnd?: string;
}

/** One `finlens demo`, as the CLI runs it and as it is handed to a running server. */
export interface DemoCommandRequest {
  options: DemoOptions;
  /** DEMO_PASSWORD of the caller's environment. */
  demoPassword: string | null;
  /** A user's own cloud scenario (`--scenario FILE`, its JSON); absent: the one generated beside the demo CUR. */
  scenario?: { file: string; json: unknown } | null;
}

/** The demo's simulated cloud, and its simulated Kubernetes clusters with how many workloads each has. */
type DemoCloud = SimulatedProject & { kubernetes: { name: string; workloads: number }[] };

export interface DemoResult {
  account: DemoAccount;
  summary: ImportSummary;
  cloud: DemoCloud;
}

/** The demo CUR's simulated cloud, written beside it by the generator. */
const DEMO_SCENARIO_FILE = 'cloud-scenario.json';

/**
 * `finlens demo`: in this process when the warehouse is free, else through the running server of the data
 * folder (runHereOrInServer); the same output either way.
 */
export async function runDemoCommand(args: {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'publicUrl' | 'demoPassword'>;
  options: DemoOptions;
  scenario?: { file: string; json: unknown } | null;
  lockTimeoutMs?: number;
}): Promise<DemoResult> {
  const { config } = args;
  const request: DemoCommandRequest = {
    options: args.options,
    demoPassword: config.demoPassword,
    scenario: args.scenario ?? null,
  };
  return runHereOrInServer({
    config,
    command: 'demo',
    body: request,
    ...(args.lockTimeoutMs === undefined ? {} : { lockTimeoutMs: args.lockTimeoutMs }),
    here: (stores, output) => demoHere({ ...stores, ...config }, request, output),
  });
}

/**
 * The demo with the stores open: the demo client and its verified admin, the project of that client (by id,
 * so a client that merely has the demo's name is left alone), the generated CUR 2.0 export in DATA_DIR/demo
 * (kept when the same options made it) and its import.
 */
export async function demoHere(
  stores: OpenStores & Pick<AppConfig, 'dataDir' | 'publicUrl'>,
  request: DemoCommandRequest,
  output: CommandOutput,
): Promise<DemoResult> {
  // A user's scenario is checked before anything is written (the CLI checked it too; a hand-off body may not be).
  if (request.scenario) checkScenario(request.scenario);
  const account = await ensureDemoAccount({
    db: stores.db,
    hasher: createArgon2Hasher(),
    password: request.demoPassword,
  });
  const outDir = demoDataDir(stores.dataDir);
  await ensureDemoData(outDir, request.options, output);
  const scenario = await demoScenario(outDir, request.scenario ?? null);
  const repo = createImportsRepo(stores.db, { onPeriodsReplaced: enqueueAfterImportJobs });
  const target = await repo.ensureProjectOfClient({
    clientId: account.clientId,
    projectName: DEMO_PROJECT_NAME,
  });
  const summary = await createImportService({ repo, warehouse: stores.warehouse }).importFrom({
    source: localSource(outDir),
    ...target,
    format: 'cur2',
    onProgress: output.progress,
  });
  output.endProgress();
  const cloud = await simulateDemoCloud(stores, target, scenario);
  output.stdout(describeDemo({ account, summary, cloud, publicUrl: stores.publicUrl }));
  return { account, summary, cloud };
}

/**
 * The demo project's accounts become simulated, from the demo's own scenario (consistent with its bill) or the
 * user's, and their first collection is queued: the server's job worker fills the inventory. The scenario's
 * Kubernetes clusters become the project's simulated clusters (the Container Scheduler's), each starting over.
 */
async function simulateDemoCloud(
  stores: OpenStores,
  target: { clientId: string; projectId: string },
  scenario: DemoScenario,
): Promise<DemoCloud> {
  // With its own scenario, the demo's bill follows the actions taken on its cloud (app/demo-bill.ts).
  const project = await simulateProject({
    db: stores.db,
    projectId: target.projectId,
    scenario: scenario.json,
    billFollowsActions: !scenario.own,
  });
  const clusters = scenario.parsed.kubernetes.clusters;
  await createKubernetesClustersRepo({ db: stores.db }).ensureSimulated(
    target.clientId,
    target.projectId,
    clusters.map((c) => c.name),
  );
  return { ...project, kubernetes: clusters.map((c) => ({ name: c.name, workloads: c.workloads.length })) };
}

type DemoScenario = { json: unknown; parsed: Scenario; own: boolean };

/**
 * The user's scenario, or the one generated beside the demo CUR — checked as a user's is (it may have been
 * edited since it was made): a malformed one stops the command before the import, naming the file and field.
 */
async function demoScenario(
  outDir: string,
  own: { file: string; json: unknown } | null,
): Promise<DemoScenario> {
  if (own !== null) return { json: own.json, parsed: checkScenario(own), own: true };
  const file = join(outDir, DEMO_SCENARIO_FILE);
  const json: unknown = JSON.parse(await readFile(file, 'utf8'));
  return { json, parsed: checkScenario({ file, json }, ''), own: false };
}

/** The scenario parsed, or exit code 2 naming the file, then the path and field. */
function checkScenario(own: { file: string; json: unknown }, option = '--scenario '): Scenario {
  try {
    return parseScenario(own.json);
  } catch (error) {
    if (error instanceof ScenarioError) throw new CommandFailure(`${option}${own.file}: ${error.message}`, 2);
    throw error;
  }
}

/** EXPECTED.json is written last, so it names the options of a complete earlier generation. */
async function ensureDemoData(outDir: string, options: DemoOptions, output: CommandOutput): Promise<void> {
  const previous = await readFile(join(outDir, 'EXPECTED.json'), 'utf8')
    .then((text) => JSON.parse(text) as Record<string, unknown>)
    .catch(() => null);
  const same =
    previous !== null &&
    previous.seed === options.seed &&
    previous.endMonth === options.endMonth &&
    (previous.usageEnd ?? undefined) === options.usageEnd &&
    previous.months === options.months &&
    previous.rowsRequested === options.rows &&
    previous.format === 'parquet' &&
    Array.isArray(previous.injectedAnomalies) &&
    // A bill that followed the previous cloud's actions is made again: loading the scenario starts a new cloud.
    !previous.actionsApplied &&
    typeof previous.cloud === 'object';
  if (same) {
    output.stderr(`Reusing the demo data in ${outDir} (same options).\n`);
    return;
  }
  await rm(outDir, { recursive: true, force: true });
  output.stderr(
    `Generating ${options.rows} demo CUR 2.0 rows over ${options.months} months into ${outDir}\n`,
  );
  // The demo organisation carries the generator's known cost anomalies (EXPECTED.json lists them).
  await generateDemoCur2({ ...options, outDir, format: 'parquet', anomalies: true });
}

function describeDemo(args: {
  account: DemoAccount;
  summary: ImportSummary;
  cloud: DemoCloud;
  publicUrl: string;
}): string {
  const { account, summary, cloud } = args;
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
    `Simulated cloud: ${cloud.resources} resources in ${cloud.accounts} accounts and ${cloud.regions} regions; its inventory collection is queued (the server collects it).`,
    ...(cloud.kubernetes.length === 0
      ? []
      : [
          `Simulated Kubernetes for the Container Scheduler: ${cloud.kubernetes.map((c) => `${c.name} (${c.workloads} workloads)`).join(', ')}.`,
        ]),
    `Sign in at ${args.publicUrl}/ as ${account.email}.`,
    password,
    '',
  ].join('\n');
}
