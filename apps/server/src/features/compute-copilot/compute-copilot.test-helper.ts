import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UtilisationSummary } from '@finlens/contracts/resource-metrics';
import type { ClientCaller } from '../../platform/auth/caller';
import { costScopesOver } from '../../warehouse/cost-scope';
import { DEMO_CLIENT, DEMO_PROJECT } from '../../warehouse/duckdb/demo-warehouse.test-helper';
import type { UtilisationReader } from './asg-dashboard';
import type { ComputeCopilotRepo } from './compute-copilot.repo';

type ScenarioResource = Record<string, unknown> & {
  kind: string;
  id: string;
  accountId: string;
  region: string;
  metrics?: { profile: string; level?: number };
};

export const CALLER = { clientId: DEMO_CLIENT } as ClientCaller;
export const SCOPES = costScopesOver(async (reader) =>
  reader.clientId === DEMO_CLIENT ? [{ id: DEMO_PROJECT, name: 'Demo', cloudType: 'aws' as const }] : [],
);

/** The demo's cloud scenario as the inventory would hold it after a collection (small fakes, no database). */
export function scenarioInventory(demoDir: string) {
  const scenario = JSON.parse(readFileSync(join(demoDir, 'cloud-scenario.json'), 'utf8')) as {
    resources: ScenarioResource[];
  };
  const rows = scenario.resources.map((r) => ({
    project_id: DEMO_PROJECT,
    account_id: r.accountId,
    region: r.region,
    kind: r.kind,
    resource_id: r.id,
    name: typeof r.tags === 'object' ? ((r.tags as Record<string, string>).Name ?? null) : null,
    state: typeof r.state === 'string' ? r.state : r.kind === 'ec2-instance' ? 'running' : 'active',
    resource: r,
  }));
  const repo: ComputeCopilotRepo = {
    groupsAndInstances: async (ids) =>
      ids.includes(DEMO_PROJECT)
        ? rows.filter((r) => r.kind === 'autoscaling-group' || r.kind === 'ec2-instance')
        : [],
    groupChanges: async () => [],
    resource: async (ids, id) =>
      ids.includes(DEMO_PROJECT) ? (rows.find((r) => r.resource_id === id) ?? null) : null,
  };
  // CPU shaped like the scenario's profiles: what the metrics job would have stored.
  const shape: Record<string, [number, number, number]> = {
    idle: [1, 1.5, 2],
    steady: [1, 1.1, 1.2],
    diurnal: [0.6, 1.6, 1.7],
    bursty: [0.5, 3, 5],
    growing: [1, 1.3, 1.5],
  };
  const byId = new Map(scenario.resources.map((r) => [r.id, r]));
  const utilisation: UtilisationReader = {
    utilisationSummaries: async (_scope, ids, options) =>
      ids.flatMap((id): UtilisationSummary[] => {
        const m = byId.get(id)?.metrics;
        if (m === undefined) return [];
        const [avg, p95, max] = (shape[m.profile] ?? [1, 1, 1]).map((f) => f * (m.level ?? 40));
        return [
          {
            project_id: DEMO_PROJECT,
            resource_id: id,
            days: options.days ?? 14,
            metrics: [
              {
                metric: 'cpu-utilization',
                storage_class: null,
                avg: avg ?? 0,
                p95: p95 ?? 0,
                max: max ?? 0,
                points: 24 * 14,
              },
            ],
          },
        ];
      }),
  };
  return { repo, utilisation, resources: scenario.resources };
}
