import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, findViolations, readBaseline, type Violation } from './check';

// A tiny tree laid out like the repository, checked with the real rules.
const files: Record<string, string> = {
  'apps/server/src/db/tables.ts': "import type { BudgetTables } from '../features/budgets/budgets.tables';\n",
  'apps/server/src/features/budgets/budgets.tables.ts': 'export interface BudgetTables { id: string }\n',
  'apps/server/src/features/budgets/budgets.service.ts': 'export const budgets = 1;\n',
  'apps/server/src/features/budgets/budget-math.ts': 'export const math = 1;\n',
  'apps/server/src/features/forecasts/forecasts.service.ts':
    "import { budgets } from '../budgets/budgets.service';\nexport const forecasts = budgets;\n",
  'apps/web/src/features/budgets/api/keys.ts': 'export const keys = 1;\n',
  'apps/web/src/features/budgets/BudgetRow.tsx': 'export const BudgetRow = 1;\n',
  'apps/web/src/features/forecasts/ForecastPage.tsx':
    "import { keys } from '../budgets/api/keys';\nexport const page = keys;\n",
  'apps/web/src/components/Money.tsx': 'export const Money = 1;\n',
};

const planted: Record<string, { file: string; text: string; rule: string }> = {
  platform: {
    file: 'apps/server/src/platform/config.ts',
    text: "import { budgets } from '../features/budgets/budgets.service';\nexport const config = budgets;\n",
    rule: 'server-platform-points-down',
  },
  typeOnly: {
    file: 'apps/server/src/warehouse/cost-store.ts',
    text: "import type { BudgetTables } from '../features/budgets/budgets.tables';\nexport type T = BudgetTables;\n",
    rule: 'server-warehouse-points-down',
  },
  internals: {
    file: 'apps/server/src/features/reports/reports.service.ts',
    text: "import { math } from '../budgets/budget-math';\nexport const reports = math;\n",
    rule: 'server-feature-uses-another-through-its-service',
  },
  webKit: {
    file: 'apps/web/src/components/Chart.tsx',
    text: "import { BudgetRow } from '../features/budgets/BudgetRow';\nexport const Chart = BudgetRow;\n",
    rule: 'web-components-points-down',
  },
  webInternals: {
    file: 'apps/web/src/features/reports/ReportsPage.tsx',
    text: "import { BudgetRow } from '../budgets/BudgetRow';\nexport const page = BudgetRow;\n",
    rule: 'web-feature-uses-another-through-its-api',
  },
};

let root: string;
const write = async (file: string, text: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
};
const check = () => findViolations(root, ['apps/server/src', 'apps/web/src']);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'layers-'));
  for (const [file, text] of Object.entries(files)) await write(file, text);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('layer rules', () => {
  it('let a tree that only points down pass (the tables aggregate, a service, an api/ hook)', async () => {
    expect(await check()).toEqual([]);
  });

  it('fail each planted forbidden import, type-only ones included', async () => {
    for (const { file, text } of Object.values(planted)) await write(file, text);
    const rules = (await check()).map((v) => `${v.rule} ${v.from}`);
    for (const { file, rule } of Object.values(planted)) expect(rules).toContain(`${rule} ${file}`);
    for (const { file } of Object.values(planted)) await rm(path.join(root, file));
  });

  it('fail a circle', async () => {
    await write('apps/server/src/warehouse/a.ts', "import { b } from './b';\nexport const a = b;\n");
    await write(
      'apps/server/src/warehouse/b.ts',
      "import type { a } from './a';\nexport const b: typeof a = 1;\n",
    );
    expect((await check()).map((v) => v.rule)).toContain('no-circle');
  });
});

describe('the baseline', () => {
  const v = (to: string): Violation => ({ rule: 'r', from: 'x', to });

  it('reports what is new and what no longer occurs', () => {
    expect(compare([v('a'), v('b')], [v('b'), v('c')])).toEqual({ added: [v('a')], gone: [v('c')] });
  });

  it('holds exactly the violations of the real tree', async () => {
    expect(compare(await findViolations(), await readBaseline())).toEqual({ added: [], gone: [] });
  }, 60_000);
});
