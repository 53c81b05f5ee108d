import { EXAMPLE_SCENARIO_FILE } from '@finlens/fixtures/cloud-scenarios';
import { describe, expect, it } from 'vitest';
import { RESOURCE_KINDS } from '../cloud-resources';
import { CONTRACT_SCENARIO } from '../contract-world.test-helper';
import {
  loadScenarioFile,
  parseScenario,
  parseScenarioText,
  parseStoredScenario,
  ScenarioError,
} from './scenario-file';
import { manualClock } from './sim-clock';
import { createSimulatedCloud } from './simulated-cloud';

function withResource(index: number, patch: Record<string, unknown>) {
  const resources: unknown[] = [...CONTRACT_SCENARIO.resources];
  resources[index] = { ...CONTRACT_SCENARIO.resources[index], ...patch };
  return { ...CONTRACT_SCENARIO, resources };
}

function errorOf(input: unknown): string {
  try {
    parseScenario(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as Error).message;
  }
  throw new Error('parsed');
}

describe('scenario file', () => {
  it('accepts the contract world and fills defaults', () => {
    const scenario = parseScenario(CONTRACT_SCENARIO);
    expect(scenario.transitionSeconds).toBe(60);
    const web = scenario.resources[0];
    expect(web?.kind === 'ec2-instance' && web.lifecycle).toBe('on-demand');
    expect(web?.metrics?.memory).toBe(false);
  });

  it('names the path and field of a bad value', () => {
    expect(errorOf(withResource(3, { metrics: { profile: 'spiky' } }))).toBe(
      'resources[3].metrics.profile: expected one of idle|steady|diurnal|bursty|growing',
    );
    expect(errorOf(withResource(0, { accountId: '12' }))).toBe(
      'resources[0].accountId: expected a 12-digit account id',
    );
    expect(errorOf(withResource(1, { colour: 'red' }))).toBe('resources[1]: unknown field colour');
    expect(errorOf({ ...CONTRACT_SCENARIO, version: 2 })).toMatch(/^version: /);
  });

  it('names an unknown kind', () => {
    expect(errorOf(withResource(2, { kind: 'ec2' }))).toMatch(/^resources\[2\]\.kind: /);
  });

  it('reads the kubernetes section and names the path and field of a bad one', () => {
    const workload = { namespace: 'shop', kind: 'deployment', name: 'web', replicas: 3 };
    const withClusters = (clusters: unknown) => ({ ...CONTRACT_SCENARIO, kubernetes: { clusters } });
    expect(parseScenario(CONTRACT_SCENARIO).kubernetes.clusters).toEqual([]);
    expect(parseScenario(withClusters([{ name: 'prod', workloads: [workload] }])).kubernetes).toEqual({
      clusters: [{ name: 'prod', workloads: [{ ...workload, labels: {} }] }],
    });
    const bad = (patch: Record<string, unknown>) =>
      errorOf(
        withClusters([{ name: 'prod', workloads: [workload, { ...workload, name: 'api', ...patch }] }]),
      );
    expect(bad({ replicas: -1 })).toMatch(/^kubernetes\.clusters\[0\]\.workloads\[1\]\.replicas: /);
    expect(bad({ kind: 'daemonset' })).toBe(
      'kubernetes.clusters[0].workloads[1].kind: expected one of deployment|statefulset',
    );
    expect(bad({ namespace: 'Shop' })).toBe(
      'kubernetes.clusters[0].workloads[1].namespace: expected a Kubernetes namespace (an RFC 1123 label)',
    );
    expect(bad({ pods: 2 })).toBe('kubernetes.clusters[0].workloads[1]: unknown field pods');
    expect(bad({ name: 'web' })).toBe(
      'kubernetes.clusters[0].workloads[1].name: shop/deployment/web is listed twice',
    );
    expect(errorOf(withClusters([{ name: 'prod' }, { name: 'prod' }]))).toBe(
      'kubernetes.clusters[1].name: prod is listed twice',
    );
  });

  it('says when the text is not JSON', () => {
    expect(() => parseScenarioText('{"version": 1,')).toThrow(/^not JSON: /);
  });
});

describe('the documented example scenario', () => {
  it('loads and answers the port: planted resources, opt-in regions, faults and events', async () => {
    const scenario = await loadScenarioFile(EXAMPLE_SCENARIO_FILE);
    const clock = manualClock(scenario.start ?? new Date());
    const cloud = createSimulatedCloud({ scenario, clock });
    const prod = { accountId: '210987654321', credentials: { kind: 'server-identity' } } as const;
    const dev = { ...prod, accountId: '345678901234' };
    const { resources } = await cloud.listResources(prod, 'us-east-1', RESOURCE_KINDS);
    expect(
      resources.filter((r) => r.kind === 'ebs-volume' && r.state === 'available').map((r) => r.id),
    ).toEqual(['vol-0a7d1e4c2b9f30009']);
    const regions = (await cloud.listRegions(dev)).regions.filter((r) => r.enabled).map((r) => r.name);
    expect(regions).toEqual(['us-east-1', 'eu-west-1', 'af-south-1']);
    const notOptedIn = await cloud.listResources(prod, 'af-south-1', ['ec2-instance', 'rds-instance']);
    expect(notOptedIn.failures.map((f) => [f.service, f.code])).toEqual([
      ['ec2', 'OptInRequired'],
      ['rds', 'OptInRequired'],
    ]);
    const denied = await cloud.listResources(dev, 'eu-west-1', ['lambda-function']);
    expect(denied.failures).toMatchObject([{ service: 'lambda', code: 'AccessDeniedException' }]);
    expect((await cloud.listResources(dev, 'af-south-1', ['ec2-instance'])).resources).toEqual([]);
    clock.advance(24 * 3_600_000);
    const created = await cloud.listResources(dev, 'af-south-1', ['ec2-instance']);
    expect(created.resources.map((r) => [r.id, r.createdAt?.toISOString()])).toEqual([
      ['i-0b8e2f5d3c0a40003', '2026-11-21T09:00:00.000Z'],
    ]);
  });

  it('remembers a stored scenario by its JSON: the same one parses once, a changed one again', () => {
    const stored = JSON.parse(JSON.stringify(CONTRACT_SCENARIO));
    const first = parseStoredScenario(stored);
    expect(parseStoredScenario(JSON.parse(JSON.stringify(CONTRACT_SCENARIO)))).toBe(first);
    const changed = parseStoredScenario({ ...stored, seed: 8 });
    expect(changed).not.toBe(first);
    expect(changed.seed).toBe(8);
  });
});
