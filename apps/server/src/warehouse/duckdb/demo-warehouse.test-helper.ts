import { join } from 'node:path';
import type { CostQueryInput } from '@finlens/contracts/cost-query';
import { costQuerySchema } from '@finlens/contracts/cost-query';
import { type DemoCur2Result, generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import { beforeAll } from 'vitest';
import { importPath, tempWarehouse } from '../../ingest/import-file.test-helper';
import type { WarehouseCostQuery } from '../cost-query/cost-query-port';
import type { KubernetesScope } from '../cost-query/kubernetes-costs';

/** Three small months of the demo organisation (EKS split rows, tags, RIs, SPs, credits, tax). */
export const DEMO = { seed: 7, months: 3, endMonth: '2026-03', rows: 6_000 } as const;
export const DEMO_CLIENT = 'client';
export const DEMO_PROJECT = 'demo';

/** The demo's Kubernetes reads over its first quarter, amortized, unfiltered. */
export const DEMO_KUBERNETES_SCOPE: KubernetesScope = {
  clientId: DEMO_CLIENT,
  projectIds: [DEMO_PROJECT],
  from: '2026-01-01',
  to: '2026-03-31',
  basis: 'amortized',
  filters: {},
};

/** A temporary warehouse holding the small demo export, imported once for the test file. */
export function demoWarehouse(prefix: string) {
  const warehouse = tempWarehouse(prefix);
  const state = { expected: null as DemoCur2Result['expected'] | null };
  beforeAll(async () => {
    const outDir = join(warehouse.dir, 'demo');
    state.expected = (await generateDemoCur2({ ...DEMO, outDir, format: 'parquet' })).expected;
    await importPath(warehouse.store, outDir, DEMO_PROJECT);
  }, 120_000);
  return {
    get store() {
      return warehouse.store;
    },
    /** Where the export and its cloud scenario were written. */
    get demoDir() {
      return join(warehouse.dir, 'demo');
    },
    get expected() {
      if (state.expected === null) throw new Error('demo not generated yet');
      return state.expected;
    },
  };
}

/** A full warehouse query over the demo project from contract input. */
export function demoQuery(input: Partial<CostQueryInput>, useRollups = true): WarehouseCostQuery {
  const query = costQuerySchema.parse({ start_date: '2026-01-01', end_date: '2026-03-31', ...input });
  return { ...query, clientId: DEMO_CLIENT, projectIds: [DEMO_PROJECT], useRollups };
}
