import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  COMMITMENT_DEFAULT_DAYS,
  commitmentDashboardQuerySchema,
  commitmentInventoryQuerySchema,
  lastCommitmentDays,
  purchaseAnalysisQuerySchema,
} from '@finlens/contracts/commitments';
import type { DispatchPayload } from '@finlens/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createImportService } from '../../ingest/import.service';
import { createImportsRepo } from '../../ingest/imports.repo';
import { localSource } from '../../ingest/sources/local-source';
import type { ClientCaller } from '../../platform/auth/caller';
import { createJobQueue, insertJob } from '../../platform/jobs/job-queue';
import { createJobWorker } from '../../platform/jobs/job-worker';
import { createCostScopes } from '../../warehouse/cost-scope';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { dispatchedNotices } from '../notifications/dispatched.test-helper';
import { ALERTS_SCAN_KIND, commitmentJobHandlers } from './commitments.jobs';
import { createCommitmentsRepo } from './commitments.repo';
import { createCommitmentsService } from './commitments.service';

// A hand-made legacy CUR: February 2026 and 1–7 March, one m5.large running on demand every day.
// - RI "lapsing" (1 × m5.large, No Upfront, $0.06/h) ends 2026-03-28: fully used in February, its instance
//   stopped from 1 March (every March hour unused) — under-used over the last 30 days and 20 days from its end.
// - RI "fresh" bought 2026-03-04, used every hour since (its month still open).
// Coverage: half of February's m5.large hours were covered, a third of the first week of March's.
const ON_DEMAND = 0.096;
const RATE = 0.06;
const LAPSING = 'arn:aws:ec2:us-east-1:111111111111:reserved-instances/aaaaaaaa-1111-2222-3333-444455556666';
const FRESH = 'arn:aws:ec2:us-east-1:111111111111:reserved-instances/bbbbbbbb-1111-2222-3333-444455556666';
const HEADER = [
  'bill/BillingPeriodStartDate',
  'lineItem/LineItemType',
  'lineItem/UsageStartDate',
  'lineItem/UsageAccountId',
  'lineItem/ProductCode',
  'lineItem/UsageType',
  'lineItem/UsageAmount',
  'lineItem/UnblendedCost',
  'lineItem/CurrencyCode',
  'pricing/term',
  'pricing/publicOnDemandCost',
  'product/region',
  'reservation/ReservationARN',
  'reservation/EffectiveCost',
  'reservation/TotalReservedUnits',
  'reservation/UnusedQuantity',
  'reservation/UnusedRecurringFee',
  'reservation/StartTime',
  'reservation/EndTime',
  'reservation/NumberOfReservations',
  'reservation/UpfrontValue',
] as const;
type Cells = Partial<Record<(typeof HEADER)[number], string | number>>;
const line = (cells: Cells) => HEADER.map((h) => cells[h] ?? '').join(',');

function bill(): string {
  const rows: Cells[] = [];
  const base = (day: string, type: string, usageType: string): Cells => ({
    'bill/BillingPeriodStartDate': `${day.slice(0, 7)}-01T00:00:00Z`,
    'lineItem/LineItemType': type,
    'lineItem/UsageStartDate': `${day}T00:00:00Z`,
    'lineItem/UsageAccountId': '111111111111',
    'lineItem/ProductCode': 'AmazonEC2',
    'lineItem/UsageType': usageType,
    'lineItem/CurrencyCode': 'USD',
    'product/region': 'us-east-1',
  });
  const covered = (day: string, arn: string): Cells => ({
    ...base(day, 'DiscountedUsage', 'BoxUsage:m5.large'),
    'lineItem/UsageAmount': 24,
    'lineItem/UnblendedCost': 0,
    'pricing/term': 'Reserved',
    'pricing/publicOnDemandCost': 24 * ON_DEMAND,
    'reservation/ReservationARN': arn,
    'reservation/EffectiveCost': 24 * RATE,
  });
  const fee = (month: string, arn: string, start: string, end: string, reserved: number, unused: number) => ({
    ...base(`${month}-01`, 'RIFee', 'HeavyUsage:m5.large'),
    'lineItem/UsageAmount': reserved,
    'lineItem/UnblendedCost': reserved * RATE,
    'reservation/ReservationARN': arn,
    'reservation/TotalReservedUnits': reserved,
    'reservation/UnusedQuantity': unused,
    'reservation/UnusedRecurringFee': unused * RATE,
    'reservation/StartTime': start,
    'reservation/EndTime': end,
    'reservation/NumberOfReservations': 1,
    'reservation/UpfrontValue': 0,
  });
  const days = [
    ...Array.from({ length: 28 }, (_, i) => `2026-02-${String(i + 1).padStart(2, '0')}`),
    ...Array.from({ length: 7 }, (_, i) => `2026-03-0${i + 1}`),
  ];
  for (const day of days) {
    rows.push({
      ...base(day, 'Usage', 'BoxUsage:m5.large'),
      'lineItem/UsageAmount': 24,
      'lineItem/UnblendedCost': 24 * ON_DEMAND,
      'pricing/term': 'OnDemand',
      'pricing/publicOnDemandCost': 24 * ON_DEMAND,
    });
    if (day < '2026-03-01') rows.push(covered(day, LAPSING));
    if (day >= '2026-03-04') rows.push(covered(day, FRESH));
  }

  const lapsing = ['2025-03-28T00:00:00Z', '2026-03-28T00:00:00Z'] as const;
  const fresh = ['2026-03-04T00:00:00Z', '2027-03-04T00:00:00Z'] as const;
  rows.push(fee('2026-02', LAPSING, ...lapsing, 672, 0));
  rows.push(fee('2026-03', LAPSING, ...lapsing, 27 * 24, 27 * 24));
  // March is still open: its RIFee reserves the whole month and counts as unused what is not used yet (the demo
  // writes it so) — fully used over the four billed days, not under-used.
  rows.push(fee('2026-03', FRESH, ...fresh, 28 * 24, 28 * 24 - 4 * 24));
  return `${[HEADER.join(','), ...rows.map(line)].join('\n')}\n`;
}
let database: MigratedTestDatabase;
let warehouse: DuckDbCostStore;
let clientId: string;
let adminId: string;
/** When the import recorded the bill (the after-import scan's instant). */
let importedAt: Date;

beforeAll(async () => {
  database = await openMigratedTestDatabase('commitment-alerts');
  warehouse = await openDuckDbCostStore({ path: join(database.dir, 'warehouse.duckdb') });
  await warehouse.init();
  const path = join(database.dir, 'cur.csv');
  await writeFile(path, bill());
  const imports = createImportsRepo(database.db, { onPeriodsReplaced: async () => {} });
  const project = await imports.ensureProject({ clientName: 'Acme', projectName: 'payer' });
  await createImportService({ repo: imports, warehouse }).importFrom({
    source: localSource(path),
    ...project,
    format: 'auto',
  });
  clientId = project.clientId;
  const { billing_last_ingestion_datetime: ingested } = await database.db
    .selectFrom('projects')
    .select('billing_last_ingestion_datetime')
    .where('id', '=', project.projectId)
    .executeTakeFirstOrThrow();
  importedAt = new Date(ingested as Date);
  // Another client with a project and no bill: scanned, never read ahead.
  await imports.ensureProject({ clientName: 'Other', projectName: 'empty' });
  const user = await database.db
    .insertInto('users')
    .values({ email: 'fin@example.com', password_hash: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  adminId = user.id;
  await database.db
    .insertInto('memberships')
    .values({ client_id: clientId, user_id: adminId, role: 'admin' })
    .execute();
}, 120_000);

afterAll(async () => {
  await warehouse?.close();
  await database?.close();
});

const serviceAt = (
  now: string,
  over: Parameters<typeof createCommitmentsService>[0]['warehouse'] = warehouse,
) =>
  createCommitmentsService({
    scopes: createCostScopes({ db: database.db }),
    warehouse: over,
    now: () => new Date(now),
  });

/**
 * Runs the scan (and the per-client jobs it queues) as of `now` — the one an import queues when `imported` is set,
 * else the daily one; returns the notifications queued by it. `warnings` collects what the jobs log.
 */
async function scanAt(
  now: string,
  {
    service = serviceAt(now),
    imported = false,
    warnings = [],
  }: {
    service?: Parameters<typeof commitmentJobHandlers>[0]['service'];
    imported?: boolean;
    warnings?: unknown[];
  } = {},
): Promise<DispatchPayload[]> {
  const clock = () => new Date(now);
  const queue = createJobQueue({ db: database.db, clock });
  const handlers = commitmentJobHandlers({
    service,
    repo: createCommitmentsRepo({ db: database.db }),
    queue,
    logger: { warn: (...args: unknown[]) => warnings.push(args) },
  });
  const before = await dispatched();
  // What enqueueCommitmentAlertScan queues for the import (due at the test's clock), or the daily scan.
  const payload = imported ? { imported_at: importedAt.toISOString() } : {};
  await insertJob(database.db, { kind: ALERTS_SCAN_KIND, payload }, clock());
  const worker = createJobWorker({ queue, handlers, logger: console });
  while ((await worker.runNext()) !== null) {}
  return (await dispatched()).slice(before.length);
}

const dispatched = () => dispatchedNotices(database.db);

describe('commitment alert jobs', () => {
  it('notify the admins of each due alert once: expiring, under-used, a coverage drop, a new purchase', async () => {
    // The scan after the import: its read-ahead fails, which is logged and holds back no alert.
    const now = '2026-03-08T06:50:00Z';
    const warnings: unknown[] = [];
    const failing = {
      ...serviceAt(now),
      warmFor: async () => {
        throw new Error('warehouse busy');
      },
    };
    // One scan queues its notices within the same instant: their order in the queue is not defined.
    const first = (await scanAt(now, { service: failing, imported: true, warnings })).sort((a, b) =>
      a.sourceId.localeCompare(b.sourceId),
    );
    expect(warnings).toEqual([
      [expect.objectContaining({ clientId, err: new Error('warehouse busy') }), expect.any(String)],
    ]);
    expect(first.map((n) => [n.sourceId, n.severity])).toEqual([
      ['coverage:2026-03', 'warning'],
      [`expiry:${LAPSING}:2026-03-28T00:00:00.000Z:30`, 'warning'],
      [`purchase:${FRESH}`, 'info'],
      [`utilisation:${LAPSING}:2026-03`, 'warning'],
    ]);
    for (const notice of first) {
      expect(notice).toMatchObject({
        clientId,
        source: 'commitment',
        recipients: { userIds: [adminId], emails: [], channelIds: [] },
      });
    }
    const [coverage, expiry, , utilisation] = first;
    expect(expiry?.subject).toBe('m5.large × 1 (AmazonEC2, us-east-1) expires in 20 days');
    expect(expiry?.link).toBe('/v3/cost/reserved/');
    // The 30 days to 7 March: 23 February days fully used and 7 March days unused, 552 of 720 hours.
    expect(utilisation?.facts).toMatchObject({
      Utilisation: `${((552 / 720) * 100).toFixed(1)}%`,
      Threshold: '80.0%',
      'Unused cost (30 days)': `$${(168 * RATE).toFixed(2)}`,
    });
    // February: 24 of 48 hours a day covered; 1–7 March: the fresh RI's 4 days of 24 hours of 168 + 96.
    expect(coverage?.subject).toBe(
      `Commitment coverage dropped from 50.0% to ${((96 / (168 + 96)) * 100).toFixed(1)}%`,
    );

    // Run again the same day, or the next: nothing is sent twice.
    expect(await scanAt('2026-03-08T12:00:00Z')).toEqual([]);
    expect(await scanAt('2026-03-09T06:50:00Z')).toEqual([]);
    // Six days before its end the 7-day notice is due (critical); the rest were already sent.
    const later = await scanAt('2026-03-22T06:50:00Z');
    expect(later.map((n) => [n.sourceId, n.severity])).toEqual([
      [`expiry:${LAPSING}:2026-03-28T00:00:00.000Z:7`, 'critical'],
    ]);
    expect(later[0]?.subject).toBe('m5.large × 1 (AmazonEC2, us-east-1) expires in 6 days');
  }, 120_000);

  it('read ahead after an import, for the imported client only, what Commitment Management opens with: its first calls read nothing more', async () => {
    const reads: string[] = [];
    const now = '2026-03-08T07:00:00Z';
    const reader = serviceAt(now, {
      runCostQuery: (q) => {
        reads.push('newest day');
        return warehouse.runCostQuery(q);
      },
      commitmentRows: (q) => {
        reads.push(
          `rows ${q.from} ${q.to} ${q.grain}${q.lineItemTypes ? ` ${q.lineItemTypes.join(' ')}` : ''}`,
        );
        return warehouse.commitmentRows(q);
      },
      commitmentUsageSums: (q) => {
        reads.push(`sums ${q.from} ${q.to} ${q.grain}`);
        return warehouse.commitmentUsageSums(q);
      },
      eligibleSpend: (q) => {
        reads.push(`eligible spend ${q.from} ${q.to}`);
        return warehouse.eligibleSpend(q);
      },
    });
    const warmed: string[] = [];
    const service = {
      ...reader,
      warmFor: (scope: { clientId: string }) => {
        warmed.push(scope.clientId);
        return reader.warmFor(scope);
      },
    };
    // The daily scan reads nothing ahead.
    await scanAt(now, { service });
    expect(warmed).toEqual([]);
    await scanAt(now, { service, imported: true });
    expect(warmed).toEqual([clientId]);
    const ahead = [...reads];
    // The alerts' reads (35 days of fee rows and usage sums by day, no full rows), the default dashboard's (the
    // last 90 days by day) and the 30-day purchase analysis's hours.
    expect(ahead).toEqual(
      expect.arrayContaining([
        'rows 2026-02-01 2026-03-07 day RIFee SavingsPlanRecurringFee',
        'sums 2026-02-01 2026-03-07 day',
        'sums 2025-12-09 2026-03-08 day',
        'eligible spend 2026-02-06 2026-03-07',
      ]),
    );
    expect(ahead.filter((read) => read.startsWith('rows') && read.endsWith(' day'))).toEqual([]);
    const caller = { clientId } as ClientCaller;
    const range = lastCommitmentDays(COMMITMENT_DEFAULT_DAYS, new Date(now));
    const dashboard = await service.dashboard(caller, commitmentDashboardQuerySchema.parse(range));
    await service.inventory(caller, commitmentInventoryQuerySchema.parse({}));
    await service.purchaseAnalysis(caller, purchaseAnalysisQuerySchema.parse({}));
    expect(reads).toEqual(ahead);
    // Served from those reads: covered February days and 4–7 March (24 of 48 hours each), 1–3 March on demand.
    expect(dashboard.totals.coverage).toBeCloseTo((32 * 24) / (32 * 48 + 3 * 24), 9);
  }, 120_000);

  it('changed settings apply to the next evaluation', async () => {
    const repo = createCommitmentsRepo({ db: database.db });
    await repo.saveAlertSettings(
      clientId,
      { expiry_days: [3], utilisation_below: 0.95, coverage_drop_points: 0.5, purchase_days: 30 },
      adminId,
      new Date(),
    );
    // Two days left reach the 3-day notice; the fresh RI is fully used, coverage fell under 50 points, and the
    // rest was sent already.
    const late = await scanAt('2026-03-26T06:50:00Z');
    expect(late.map((n) => n.sourceId)).toEqual([`expiry:${LAPSING}:2026-03-28T00:00:00.000Z:3`]);
  }, 120_000);
});
