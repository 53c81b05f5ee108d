/**
 * The commitment figures through the warehouse: the real exports imported into DuckDB and ClickHouse (when
 * installed), read back as commitment rows, give every figure of REFERENCE-commitments.json (the checks the
 * cost model's own test runs on the exports' rows). The import keeps the commitment columns it needs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCommitmentEligible, isSpotUsage } from '@finlens/cost-model/commitments/eligibility';
import { COMMITMENT_FEE_TYPES } from '@finlens/cost-model/commitments/figures';
import { focusCommitmentPeriods } from '@finlens/cost-model/commitments/focus-commitments';
import {
  checkFocusFile,
  checkKokuFile,
  checkWorkshopCoverage,
  checkWorkshopReservationMonths,
  checkWorkshopSavings,
  FOCUS_COMMITMENT_FILES,
  KOKU_SAVINGS_PLAN_FILES,
  WORKSHOP_CHECKS,
} from '@finlens/fixtures/commitments/commitment-reference';
import { billingDataset } from '@finlens/fixtures/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../ingest/duckdb/import-files';
import { localSource } from '../../ingest/sources/local-source';
import { LINE_ITEMS_TABLE } from '../canonical-schema';
import { openClickHouseCostStore } from '../clickhouse/clickhouse-cost-store';
import { useTestClickHouse } from '../clickhouse/test-clickhouse';
import type { CostStore } from '../cost-store';
import { type DuckDbCostStore, openDuckDbCostStore } from '../duckdb/duckdb-cost-store';
import { duckDbDialect } from '../duckdb/duckdb-dialect';
import { COMMITMENT_LINE_ITEM_TYPES, COMMITMENT_ROLLUP } from './commitment-rollup';
import {
  type CommitmentSumKey,
  commitmentSumsOfRows,
  compileCommitmentRows,
  focusCommitmentRow,
  type WarehouseCommitmentRow,
  type WarehouseCommitmentSums,
} from './commitment-rows';

type Store = CostStore & { connection: DuckDbCostStore['connection'] };
const clickHouse = useTestClickHouse(1);
const stores: Store[] = [];
/** Projects whose file the import refuses (two FOCUS examples carry the impossible hour 2023-02-01T30:00:00Z). */
const refused = new Set<string>();
let dir = '';
const workshop = billingDataset('aws-cur-legacy-parquet-workshop-oct2018');
const focus = billingDataset('focus-spec-examples');
const variants = billingDataset('aws-cur-format-variants');
const projects = [
  { projectId: 'workshop', path: join(workshop.dir, workshop.files[0] as string) },
  ...FOCUS_COMMITMENT_FILES.map((file, i) => ({ projectId: `focus${i}`, path: join(focus.dir, file) })),
  ...KOKU_SAVINGS_PLAN_FILES.map((file, i) => ({ projectId: `koku${i}`, path: join(variants.dir, file) })),
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-commitments-'));
  const duck = await openDuckDbCostStore({ path: join(dir, 'w.duckdb') });
  stores.push(duck);
  if (clickHouse.url !== null) stores.push(await openClickHouseCostStore({ url: clickHouse.url }));
  // The engines import side by side (DuckDB here, ClickHouse in its server), each the projects in turn.
  const importAll = async (store: Store) => {
    await store.init();
    for (const { projectId, path } of projects) {
      const files = await localSource(path).listFiles();
      const importId = `${store.kind}-${projectId}`;
      await importFiles({
        warehouse: store,
        importId,
        clientId: 'client',
        projectId,
        files,
        format: 'auto',
      }).catch((error: Error) => {
        expect(String(error)).toMatch(/column ChargePeriodEnd: cannot read "2023-02-01T30:00:00Z"/);
        refused.add(projectId);
      });
    }
  };
  await Promise.all(stores.map(importAll));
}, 240_000);
afterAll(async () => {
  for (const store of stores) await store.close();
  await rm(dir, { recursive: true, force: true });
});

const rowsOf = (
  store: Store,
  projectId: string,
  grain: 'hour' | 'day' | 'month' = 'hour',
  useRollup = true,
) =>
  store.commitmentRows({
    clientId: 'client',
    projectIds: [projectId],
    from: '2018-01-01',
    to: '2025-12-31',
    grain,
    useRollup,
  });

/**
 * Two readings of the same rows agree: the same rows (by every field but the figures) and each figure within
 * 1e-9 of the other, relatively (the rollup sums daily sums, so the last digits may differ).
 */
function expectSameRows(got: WarehouseCommitmentRow[], want: WarehouseCommitmentRow[], what: string) {
  const keyOf = (row: WarehouseCommitmentRow) =>
    JSON.stringify(row, (_key, value) => (typeof value === 'number' ? undefined : value));
  const wanted = new Map(want.map((row) => [keyOf(row), row]));
  expect(got.map(keyOf).sort(), what).toEqual([...wanted.keys()].sort());
  for (const row of got) {
    const other = wanted.get(keyOf(row)) as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(row)) {
      if (typeof value !== 'number') continue;
      const expected = other[field] as number;
      expect(Math.abs(value - expected), `${what}: ${field}`).toBeLessThanOrEqual(
        1e-9 * Math.max(1, Math.abs(expected)),
      );
    }
  }
}

/** Usage sums from the warehouse equal the cost model's over the rows: the same periods and keys, each within 1e-9. */
function expectSameSums(got: WarehouseCommitmentSums[], want: WarehouseCommitmentSums[], what: string) {
  const keyOf = (s: WarehouseCommitmentSums) => JSON.stringify([s.at.toISOString(), s.keys]);
  const wanted = new Map(want.map((s) => [keyOf(s), s.sums]));
  expect(got.map(keyOf).sort(), what).toEqual([...wanted.keys()].sort());
  for (const { sums, ...key } of got) {
    const other = wanted.get(keyOf({ ...key, sums })) as unknown as Record<string, number>;
    for (const [name, value] of Object.entries(sums))
      expect(Math.abs(value - (other[name] as number)), `${what}: ${name}`).toBeLessThanOrEqual(
        1e-9 * Math.max(1, Math.abs(other[name] as number)),
      );
  }
}

const SUM_KEYS: CommitmentSumKey[] = [
  'reservationArn',
  'savingsPlanArn',
  'usageAccountId',
  'productCode',
  'region',
  'usageType',
  'savingsPlanInstanceTypeFamily',
  'family',
];

describe.each(['duckdb', 'clickhouse'] as const)('commitment rows on %s', (kind) => {
  let workshopRows: WarehouseCommitmentRow[] = [];
  const store = () => stores.find((s) => s.kind === kind);
  beforeAll(async () => {
    const s = store();
    if (s !== undefined) workshopRows = await rowsOf(s, 'workshop');
  });

  it.for(WORKSHOP_CHECKS)('%s', ([, check], context) => {
    if (store() === undefined) return context.skip('clickhouse-server is not installed');
    check(workshopRows);
  });

  it("carry by hour the operating system or engine, tenancy and licence of the bill's product columns", async (context) => {
    const s = store();
    if (s === undefined) return context.skip('clickhouse-server is not installed');
    const splits = (service: string, type: string) => [
      ...new Set(
        workshopRows
          .filter((r) => r.productCode === service && r.lineItemType === type)
          .map((r) => [r.operatingSystem, r.tenancy, r.licenceModel].join(' · ')),
      ),
    ];
    // The workshop's reservations cover Linux and Windows hours alike (its m5.large one is a Windows one).
    expect(splits('AmazonEC2', 'DiscountedUsage').sort()).toEqual([
      'Linux · Shared · No License required',
      'Windows · Shared · No License required',
    ]);
    // RDS names its engine (the licence model, no tenancy).
    expect(splits('AmazonRDS', 'Usage')).toEqual(
      expect.arrayContaining(['Aurora MySQL ·  · No license required', 'MariaDB ·  · No license required']),
    );
    // By day or month only a reservation's own rows keep it: its platform, the inventory's Platform / engine.
    const own = (r: WarehouseCommitmentRow) =>
      r.reservationArn !== null && (r.lineItemType === 'RIFee' || r.lineItemType === 'DiscountedUsage');
    const platforms = (rows: WarehouseCommitmentRow[]) =>
      [...new Set(rows.filter(own).map((r) => `${r.reservationArn} ${r.operatingSystem}`))].sort();
    const hourly = platforms(workshopRows);
    // The workshop's fee rows name no platform, its covered usage does: one each, Linux or Windows.
    const named = hourly.filter((p) => !p.endsWith(' null'));
    expect(new Set(named.map((p) => p.split(' ')[0])).size).toBe(named.length);
    expect(new Set(named.map((p) => p.split(' ')[1]))).toEqual(new Set(['Linux', 'Windows']));
    for (const grain of ['day', 'month'] as const)
      for (const useRollup of [true, false]) {
        const rows = await rowsOf(s, 'workshop', grain, useRollup);
        const what = `${grain}${useRollup ? '' : ', line items'}`;
        expect(
          rows.every((r) => r.licenceModel === null && (own(r) || r.operatingSystem === null)),
          what,
        ).toBe(true);
        // Every reservation keeps the platforms its hours name (the RIFee rows' null among them).
        expect(platforms(rows), what).toEqual(hourly);
      }
  });

  it("read a FOCUS bill's commitment discounts whole with the inventory's monthly read of commitment rows", async (context) => {
    const s = store();
    if (s === undefined) return context.skip('clickhouse-server is not installed');
    let listed = 0;
    for (const [i, file] of FOCUS_COMMITMENT_FILES.entries()) {
      if (refused.has(`focus${i}`)) continue;
      const monthly = await s.commitmentRows({
        clientId: 'client',
        projectIds: [`focus${i}`],
        from: '2018-01-01',
        to: '2025-12-31',
        grain: 'month',
        lineItemTypes: COMMITMENT_LINE_ITEM_TYPES,
        focusCommitments: true,
      });
      // The commitment periods (the figures the reference checks on every row) from only those rows.
      const periods = (rows: WarehouseCommitmentRow[]) =>
        focusCommitmentPeriods(rows.map(focusCommitmentRow)).sort((a, b) =>
          a.commitmentId.localeCompare(b.commitmentId),
        );
      const want = periods(await rowsOf(s, `focus${i}`));
      const got = periods(monthly);
      expect(got.length, file).toBe(want.length);
      for (const [j, period] of got.entries())
        for (const [field, value] of Object.entries(period)) {
          const expected = (want[j] as unknown as Record<string, unknown>)[field];
          if (typeof value === 'number' && typeof expected === 'number')
            expect(Math.abs(value - expected), `${file}: ${field}`).toBeLessThanOrEqual(1e-9);
          else expect(value, `${file}: ${field}`).toEqual(expected);
        }
      expect(
        monthly.every((r) => r.commitmentDiscountId !== null),
        file,
      ).toBe(true);
      listed += want.length;
    }
    expect(listed).toBeGreaterThan(0);
  });

  it('leave out the usage no figure counts (storage, transfer, requests), by hour, day and month', async (context) => {
    const s = store();
    if (s === undefined) return context.skip('clickhouse-server is not installed');
    const figured = (r: WarehouseCommitmentRow) =>
      r.lineItemType !== 'Usage' ||
      r.reservationArn !== null ||
      r.savingsPlanArn !== null ||
      isSpotUsage(r) ||
      /BoxUsage|DedicatedUsage|HostUsage|InstanceUsage|Multi-AZUsage|NodeUsage/i.test(r.usageType ?? '');
    // The workshop bills EC2 and RDS storage and transfer on demand: the line items hold it.
    const [unfigured] = (
      await (stores[0] as Store).connection.runAndReadAll(
        `SELECT count(*)::INTEGER AS n FROM line_items WHERE project_id = 'workshop'
          AND line_item_line_item_type = 'Usage' AND line_item_product_code IN ('AmazonEC2', 'AmazonRDS')
          AND NOT regexp_matches(line_item_usage_type, 'BoxUsage|InstanceUsage|SpotUsage')`,
      )
    ).getRowObjectsJS();
    expect(Number(unfigured?.n)).toBeGreaterThan(0);
    for (const grain of ['hour', 'day', 'month'] as const)
      for (const useRollup of [true, false]) {
        const rows = grain === 'hour' ? workshopRows : await rowsOf(s, 'workshop', grain, useRollup);
        expect(
          rows.filter((r) => !figured(r)),
          `${grain} ${useRollup}`,
        ).toEqual([]);
        expect(rows.some((r) => r.lineItemType === 'Usage' && isCommitmentEligible(r))).toBe(true);
      }
  });

  it('give the same monthly figures by day and by month as by hour', async (context) => {
    const s = store();
    if (s === undefined) return context.skip('clickhouse-server is not installed');
    for (const grain of ['day', 'month'] as const) {
      const rows = await rowsOf(s, 'workshop', grain);
      expect(rows.length).toBeLessThan(workshopRows.length);
      checkWorkshopReservationMonths(rows);
      checkWorkshopCoverage(rows);
      checkWorkshopSavings(rows);
    }
  });

  it('read by day and by month from the commitment rollup built at import the same rows as from the line items', async (context) => {
    const s = store();
    if (s === undefined) return context.skip('clickhouse-server is not installed');
    for (const { projectId } of projects.filter((p) => !refused.has(p.projectId))) {
      for (const grain of ['day', 'month'] as const) {
        const fromRollup = await rowsOf(s, projectId, grain);
        expect(fromRollup.length, projectId).toBeGreaterThan(0);
        expectSameRows(fromRollup, await rowsOf(s, projectId, grain, false), `${projectId} by ${grain}`);
      }
    }
  });

  it('read the purchase analyses’ hours from the hourly commitment rollup as from the line items', async (context) => {
    const s = store();
    if (s === undefined) return context.skip('clickhouse-server is not installed');
    let hours = 0;
    for (const { projectId } of projects.filter((p) => !refused.has(p.projectId))) {
      const query = { clientId: 'client', projectIds: [projectId], from: '2018-01-01', to: '2025-12-31' };
      const reservationHours = await s.reservationHours(query);
      expectSameRows(reservationHours, await s.reservationHours({ ...query, useRollup: false }), projectId);
      const key = (h: { at: Date; usageEnd: Date | null }) =>
        `${h.at.toISOString()} ${h.usageEnd?.toISOString()}`;
      const spend = await s.eligibleSpend(query);
      const lines = new Map((await s.eligibleSpend({ ...query, useRollup: false })).map((h) => [key(h), h]));
      expect(spend.map(key).sort(), projectId).toEqual([...lines.keys()].sort());
      for (const h of spend)
        expect(
          Math.abs(h.onDemandCost - (lines.get(key(h))?.onDemandCost ?? Number.NaN)),
        ).toBeLessThanOrEqual(1e-9);
      hours += spend.length;
    }
    expect(hours).toBeGreaterThan(0);
  });

  it('sum the usage per period and key in the warehouse as the cost model sums the rows, and read the fees alone', async (context) => {
    const s = store();
    if (s === undefined) return context.skip('clickhouse-server is not installed');
    const seen = { eligible: 0, covered: 0, spotUnpriced: 0, reservationUsed: 0, fees: 0 };
    for (const { projectId } of projects.filter((p) => !refused.has(p.projectId))) {
      for (const grain of ['hour', 'day', 'month'] as const) {
        const rows =
          grain === 'hour' && projectId === 'workshop' ? workshopRows : await rowsOf(s, projectId, grain);
        const query = {
          clientId: 'client',
          projectIds: [projectId],
          from: '2018-01-01',
          to: '2025-12-31',
          grain,
        };
        // Kept apart by every key (by hour and day), and by none (by month).
        const by = grain === 'month' ? [] : SUM_KEYS;
        const sums = await s.commitmentUsageSums({ ...query, by });
        expectSameSums(sums, commitmentSumsOfRows(rows, by), `${projectId} by ${grain} by ${by.length} keys`);
        for (const { sums: figures } of sums)
          for (const name of ['eligible', 'covered', 'spotUnpriced', 'reservationUsed'] as const)
            seen[name] += Math.abs(figures[name]);
        const fees = await s.commitmentRows({ ...query, lineItemTypes: COMMITMENT_FEE_TYPES });
        expectSameRows(
          fees,
          rows.filter((r) => COMMITMENT_FEE_TYPES.includes(r.lineItemType)),
          `${projectId} fees by ${grain}`,
        );
        seen.fees += fees.length;
      }
    }
    // Every kind of sum met a row that has it (the exports hold no spot usage with an on-demand price).
    expect(
      Object.values(seen).every((v) => v > 0),
      JSON.stringify(seen),
    ).toBe(true);
  });

  it("read the dashboard's hourly fee rows from the rollup by their hour, and its hourly sums without the purchase keys", async (context) => {
    const s = store();
    if (s === undefined) return context.skip('clickhouse-server is not installed');
    const hours = new Set<number>();
    for (const { projectId } of projects.filter((p) => !refused.has(p.projectId))) {
      const query = {
        clientId: 'client',
        projectIds: [projectId],
        from: '2018-01-01',
        to: '2025-12-31',
        grain: 'hour' as const,
        purchaseKeys: false,
      };
      // The line items by hour in the day reads' shape (no usage end, tenancy or licence; a reservation's platform).
      const rows = await s.commitmentRows({ ...query, useRollup: false });
      expect(rows.every((r) => r.usageEnd === null && r.tenancy === null && r.licenceModel === null)).toBe(
        true,
      );
      const fees = await s.commitmentRows({ ...query, lineItemTypes: COMMITMENT_FEE_TYPES });
      expectSameRows(
        fees,
        rows.filter((r) => COMMITMENT_FEE_TYPES.includes(r.lineItemType)),
        `${projectId} fees by hour`,
      );
      for (const fee of fees) hours.add(fee.at.getUTCHours());
      const sums = await s.commitmentUsageSums({ ...query, by: SUM_KEYS });
      expectSameSums(sums, commitmentSumsOfRows(rows, SUM_KEYS), `${projectId} sums by hour`);
    }
    // Savings plan fees billed by the hour keep their hours (not only midnight, as a day would give).
    expect(hours.size).toBeGreaterThan(1);
    // Answered from the rollup built at import, not from the line items (one compiler for both engines).
    const { sql } = compileCommitmentRows(duckDbDialect, {
      clientId: 'client',
      projectIds: ['workshop'],
      from: '2018-01-01',
      to: '2025-12-31',
      grain: 'hour',
      purchaseKeys: false,
      lineItemTypes: COMMITMENT_FEE_TYPES,
    });
    expect(sql).toContain(COMMITMENT_ROLLUP.table);
    expect(sql).not.toContain(LINE_ITEMS_TABLE);
  });

  it('sum the usage per instance family in the warehouse: one sum per period and family', async (context) => {
    const s = store();
    if (s === undefined) return context.skip('clickhouse-server is not installed');
    const query = { clientId: 'client', projectIds: ['workshop'], from: '2018-01-01', to: '2025-12-31' };
    const byFamily = await s.commitmentUsageSums({ ...query, grain: 'month', by: ['family'] });
    const byType = await s.commitmentUsageSums({ ...query, grain: 'month', by: ['usageType'] });
    const families = byFamily.map((sum) => sum.keys.family);
    expect(new Set(families).size).toBe(families.length);
    expect(families).toEqual(expect.arrayContaining(['t2', 'm5']));
    expect(byFamily.length).toBeLessThan(byType.length);
    const eligible = (sums: WarehouseCommitmentSums[]) => sums.reduce((t, sum) => t + sum.sums.eligible, 0);
    expect(eligible(byFamily)).toBeCloseTo(eligible(byType), 6);
  });

  it('give the FOCUS examples’ commitment periods and coverage, and koku’s savings plan savings', async (context) => {
    const s = store();
    if (s === undefined) return context.skip('clickhouse-server is not installed');
    expect(refused.size).toBe(2);
    for (const [i, file] of FOCUS_COMMITMENT_FILES.entries()) {
      if (refused.has(`focus${i}`)) continue;
      const rows = await rowsOf(s, `focus${i}`);
      expect(rows.length, file).toBeGreaterThan(0);
      checkFocusFile(file, rows.map(focusCommitmentRow));
    }
    for (const [i, file] of KOKU_SAVINGS_PLAN_FILES.entries()) {
      checkKokuFile(file, await rowsOf(s, `koku${i}`));
    }
  });
});

it('imports the FOCUS commitment columns as the file has them', async () => {
  const [duck] = stores;
  const file = FOCUS_COMMITMENT_FILES.findIndex((f) => f.includes('usage_scenario_1'));
  const rows = await duck?.connection.runAndReadAll(
    `SELECT commitment_discount_id AS id, commitment_discount_status AS status, commitment_discount_unit AS unit,
      charge_frequency AS frequency, count(*) AS n, sum(commitment_discount_quantity) AS quantity
     FROM line_items WHERE project_id = 'focus${file}' GROUP BY ALL ORDER BY status`,
  );
  const raw = await duck?.connection.runAndReadAll(
    `SELECT CommitmentDiscountId AS id, CommitmentDiscountStatus AS status, CommitmentDiscountUnit AS unit,
      ChargeFrequency AS frequency, count(*) AS n, sum(CommitmentDiscountQuantity::DOUBLE) AS quantity
     FROM read_csv('${join(focus.dir, FOCUS_COMMITMENT_FILES[file] as string)}', all_varchar = true, nullstr = 'null')
     GROUP BY ALL ORDER BY status`,
  );
  const got = rows?.getRowObjectsJson() ?? [];
  expect(got.length).toBeGreaterThan(0);
  expect(got).toEqual(raw?.getRowObjectsJson());
});
