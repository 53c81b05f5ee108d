import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { billingDataset } from '@finlens/fixtures/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finlensHere, finlens as runFinlens } from '../cli-run.test-helper';
import { whileWarehouseHeld } from './held-warehouse.test-helper';

const dataset = billingDataset('aws-cur-legacy-csv-anonymized');
const file = join(dataset.dir, dataset.files[0] as string);
type Money = Record<'unblended' | 'amortized' | 'public_on_demand', string>;
const figures = dataset.reference.figures as unknown as {
  totals: Money;
  cost_by_line_item_type: Record<string, Money>;
  top10_service_by_unblended: [string, string][];
  cost_by_usage_account: Record<string, Money>;
};
let dataDir: string;

// The launcher as its own process where the process is the point (its output, exit codes, another process
// holding the warehouse); the same query command in this process for what the query answers, and the imports
// that give it data (import-command.test.ts runs the import as a process).
const finlens = (args: string[]) => runFinlens(args, { DATA_DIR: dataDir });
const query = (args: string[]) => finlensHere(['query', ...args], { DATA_DIR: dataDir });
const importAs = (client: string) =>
  finlensHere(['import', file, '--client', client, '--project', 'Prod'], { DATA_DIR: dataDir });

type Json = {
  cost_type: string;
  total: number;
  rows: { period: string; group: string | null; cost: number }[];
};

async function queryJson(args: string[]): Promise<Json> {
  const run = await query(['--format', 'json', ...args]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Json;
}

const november = ['--from', '2023-11-01', '--to', '2023-11-30'];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'finlens-query-cli-'));
  const run = await importAs('Acme');
  expect(run.code, run.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('finlens query (CLI)', () => {
  it('prints one JSON object whose totals and line-item-type groups match REFERENCE.json', async () => {
    const result = await queryJson([
      ...november,
      '--granularity',
      'month',
      '--group-by',
      'line_item_line_item_type',
    ]);
    expect(Object.keys(result)).toEqual(['cost_type', 'total', 'rows']);
    expect(result.cost_type).toBe('unblended');
    expect(result.total).toBeCloseTo(Number(figures.totals.unblended), 6);
    expect(result.rows.map((r) => Object.keys(r))).toEqual(
      result.rows.map(() => ['period', 'group', 'cost']),
    );
    const types = Object.entries(figures.cost_by_line_item_type);
    expect(result.rows).toHaveLength(types.length);
    for (const [type, money] of types) {
      const row = result.rows.find((r) => r.group === type);
      expect(row?.period).toBe('2023-11');
      expect(row?.cost).toBeCloseTo(Number(money.unblended), 6);
    }
    const list = await queryJson([...november, '--granularity', 'month', '--cost-type', 'list']);
    expect(list.cost_type).toBe('list');
    expect(list.total).toBeCloseTo(Number(figures.totals.public_on_demand), 6);
  }, 120_000);

  it('groups by service and account as REFERENCE.json does', async () => {
    const services = await queryJson([
      ...november,
      '--granularity',
      'month',
      '--group-by',
      'product_product_name',
    ]);
    for (const [name, cost] of figures.top10_service_by_unblended) {
      expect(services.rows.find((r) => r.group === name)?.cost ?? 0).toBeCloseTo(Number(cost), 6);
    }
    const accounts = await queryJson([
      ...november,
      '--granularity',
      'month',
      '--cost-type',
      'amortized',
      '--group-by',
      'line_item_usage_account_id',
    ]);
    expect(accounts.rows.map((r) => [r.group, Number(r.cost.toFixed(6))])).toEqual(
      Object.entries(figures.cost_by_usage_account).map(([id, m]) => [
        id,
        Number(Number(m.amortized).toFixed(6)),
      ]),
    );
    // Tax rows form the 'Tax' service as AWS Cost Explorer shows them; no row is left without a service.
    const byServiceName = await queryJson([
      ...november,
      '--group-by',
      'product_servicename',
      '--granularity',
      'month',
    ]);
    expect(byServiceName.rows.some((r) => r.group === 'Tax')).toBe(true);
    expect(byServiceName.rows.some((r) => r.group === null)).toBe(false);
    expect(byServiceName.rows.reduce((s, r) => s + r.cost, 0)).toBeCloseTo(
      Number(figures.totals.unblended),
      6,
    );
  }, 120_000);

  it('splits by day, and the inclusive range keeps exactly the days asked for', async () => {
    const days = await queryJson(november);
    expect(days.rows.every((r) => /^2023-11-\d{2}$/.test(r.period) && r.group === null)).toBe(true);
    expect(days.rows.length).toBeGreaterThan(10);
    expect(days.rows.reduce((s, r) => s + r.cost, 0)).toBeCloseTo(Number(figures.totals.unblended), 6);
    const second = days.rows.find((r) => r.period === '2023-11-02');
    const oneDay = await queryJson(['--from', '2023-11-02', '--to', '2023-11-02']);
    expect(oneDay.rows).toEqual([second]);
    expect(oneDay.total).toBeCloseTo(second?.cost ?? Number.NaN, 9);
    const before = await queryJson(['--from', '2023-10-01', '--to', '2023-10-31']);
    expect(before).toEqual({ cost_type: 'unblended', total: 0, rows: [] });
  }, 120_000);

  it('prints aligned columns with a total line by default, as the launcher process does', async () => {
    const args = [...november, '--granularity', 'month', '--group-by', 'line_item_line_item_type'];
    const run = await finlens(['query', ...args]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^period\s+line_item_line_item_type\s+unblended$/);
    expect(lines.at(-1)).toMatch(/^total\s+1\.6823$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    // The other tests run the query in this process: it prints exactly what the launcher prints.
    expect(await query(args)).toEqual(run);
  }, 120_000);

  it('refuses a bad dimension, bad dates and bad choices with exit code 2 and a clear message', async () => {
    const cases: [string[], RegExp][] = [
      [
        [...november, '--group-by', 'line_item_unblended_cost'],
        /--group-by "line_item_unblended_cost" is not a cost dimension; use one of: .*product_servicename/,
      ],
      [
        ['--from', '2023-02-30', '--to', '2023-03-01'],
        /--from must be a date written YYYY-MM-DD \(got "2023-02-30"\)/,
      ],
      [['--from', '2023-11-01', '--to', 'tomorrow'], /--to must be a date written YYYY-MM-DD/],
      [['--from', '2023-12-01', '--to', '2023-11-01'], /--from \(2023-12-01\) is after --to \(2023-11-01\)/],
      [[...november, '--granularity', 'week'], /--granularity must be one of day, month/],
      [[...november, '--cost-type', 'gross'], /--cost-type must be one of unblended, amortized/],
    ];
    // Checked before any database opens, so the runs can go side by side.
    const runs = await Promise.all(cases.map(([args]) => query(args)));
    runs.forEach((run, i) => {
      expect(run.stderr).toMatch(cases[i]?.[1] as RegExp);
      expect(run.code).toBe(2);
    });
    // These read the databases, which one process holds at a time: one after the other.
    const scopes: [string[], RegExp][] = [
      [[...november, '--client', 'Nobody'], /No client named "Nobody"; clients: "Acme"/],
      [[...november, '--project', 'Nope'], /Client "Acme" has no project named "Nope"/],
    ];
    for (const [args, message] of scopes) {
      const run = await query(args);
      expect(run.stderr).toMatch(message);
      expect(run.code).toBe(2);
    }
  }, 120_000);

  it('needs --client once a second client exists, and explains a warehouse held by another process', async () => {
    const other = await importAs('Beta');
    expect(other.code, other.stderr).toBe(0);
    const ambiguous = await finlens(['query', ...november]);
    expect(ambiguous.code, ambiguous.stderr).toBe(2);
    expect(ambiguous.stderr).toMatch(/More than one client exists \("Acme", "Beta"\): pass --client NAME/);
    // In this process a refused query ends the same: the same message and exit code.
    expect(await query(november)).toEqual(ambiguous);
    const beta = await queryJson([
      ...november,
      '--client',
      'Beta',
      '--project',
      'Prod',
      '--granularity',
      'month',
    ]);
    expect(beta.total).toBeCloseTo(Number(figures.totals.unblended), 6);

    await whileWarehouseHeld(dataDir, async () => {
      const busy = await finlens(['query', ...november, '--client', 'Acme', '--lock-timeout', '0']);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/is in use by another Finlens process .*no running Finlens server/);
    });
  }, 120_000);
});
