import { describe, expect, it } from 'vitest';
import { RESOURCE_KINDS } from '../cloud-resources';
import { parseScenario } from './scenario-file';
import { scaleScenario } from './scenario-scale';
import { manualClock } from './sim-clock';
import { createSimulatedCloud } from './simulated-cloud';

describe('scaleScenario', () => {
  it('makes a valid, deterministic scenario of the asked size that the simulated cloud lists in full', async () => {
    const input = scaleScenario({ resources: 3000, seed: 5 });
    expect(scaleScenario({ resources: 3000, seed: 5 })).toEqual(input);
    const scenario = parseScenario(input);
    const cloud = createSimulatedCloud({ scenario, clock: manualClock(scenario.start ?? new Date()) });
    let listed = 0;
    const kinds = new Set<string>();
    for (const { accountId } of scenario.accounts) {
      const account = { accountId, credentials: { kind: 'server-identity' } } as const;
      for (const { name } of scenario.regions) {
        const { resources, failures } = await cloud.listResources(account, name, RESOURCE_KINDS);
        expect(failures).toEqual([]);
        listed += resources.length;
        for (const r of resources) kinds.add(r.kind);
      }
    }
    expect(listed).toBe(3000);
    expect(kinds.size).toBe(8);
    const volumes = scenario.resources.filter((r) => r.kind === 'ebs-volume');
    const unattached = volumes.filter((v) => v.attachments.length === 0).length;
    expect(unattached / volumes.length).toBeGreaterThan(0.05);
    expect(unattached / volumes.length).toBeLessThan(0.3);
  });

  it('answers 14 days of hourly CPU for its instances', async () => {
    const scenario = parseScenario(scaleScenario({ resources: 200, seed: 9 }));
    const now = scenario.start ?? new Date();
    const cloud = createSimulatedCloud({ scenario, clock: manualClock(now) });
    const instance = scenario.resources.find((r) => r.kind === 'ec2-instance' && r.state === 'running');
    if (!instance) throw new Error('no running instance');
    const account = { accountId: instance.accountId, credentials: { kind: 'server-identity' } } as const;
    const { series } = await cloud.getMetrics(account, instance.region, {
      queries: [
        {
          id: 'cpu',
          metric: 'cpu-utilization',
          resource: { kind: 'ec2-instance', id: instance.id },
          stat: 'Average',
        },
      ],
      start: new Date(now.getTime() - 14 * 86_400_000),
      end: now,
      periodSeconds: 3600,
    });
    expect(series[0]?.points.length).toBe(14 * 24);
  });
});
