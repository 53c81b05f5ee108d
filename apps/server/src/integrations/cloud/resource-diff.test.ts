import { describe, expect, it } from 'vitest';
import { CONTRACT_ACCOUNT } from './cloud-port.contract.test-helper';
import { RESOURCE_KINDS } from './cloud-resources';
import { CONTRACT_NOW, CONTRACT_SCENARIO, CONTRACT_IDS as IDS } from './contract-world.test-helper';
import { diffInventory } from './resource-diff';
import { parseScenario } from './simulated/scenario-file';
import { manualClock } from './simulated/sim-clock';
import { createSimulatedCloud } from './simulated/simulated-cloud';

describe('diffInventory', () => {
  it('reports created, changed (with the attributes) and deleted resources between two passes', async () => {
    const clock = manualClock(CONTRACT_NOW);
    const cloud = createSimulatedCloud({ scenario: parseScenario(CONTRACT_SCENARIO), clock });
    const list = async () =>
      (await cloud.listResources(CONTRACT_ACCOUNT, 'us-east-1', RESOURCE_KINDS)).resources;
    const first = await list();
    expect(diffInventory(first, first)).toEqual([]);

    const region = 'us-east-1';
    await cloud.act(CONTRACT_ACCOUNT, {
      type: 'stop',
      region,
      resource: { kind: 'ec2-instance', id: IDS.web },
    });
    await cloud.act(CONTRACT_ACCOUNT, {
      type: 'delete',
      region,
      resource: { kind: 'ebs-volume', id: IDS.spareVolume },
    });
    const snap = await cloud.act(CONTRACT_ACCOUNT, {
      type: 'snapshot',
      region,
      resource: { kind: 'ebs-volume', id: IDS.rootVolume },
    });
    clock.advance(120_000);
    const changes = diffInventory(first, await list());

    const summary = changes.map((c) => [c.type, c.resource.id, c.type === 'changed' ? c.fields : null]);
    expect(summary).toEqual([
      [
        'changed',
        IDS.web,
        [
          { field: 'state', before: 'running', after: 'stopped' },
          // When it stopped, as EC2's StateTransitionReason says.
          { field: 'stateTransitionAt', before: null, after: CONTRACT_NOW.toISOString() },
        ],
      ],
      ['created', snap.created?.id, null],
      ['deleted', IDS.spareVolume, null],
    ]);
  });

  it('compares dates and tags by value', () => {
    const cloud = createSimulatedCloud({
      scenario: parseScenario(CONTRACT_SCENARIO),
      clock: manualClock(CONTRACT_NOW),
    });
    const web = [...cloud.world.entries.values()][0]?.resource;
    if (!web) throw new Error('no resource');
    const copy = structuredClone(web);
    expect(diffInventory([web], [copy])).toEqual([]);
    const retagged = {
      ...copy,
      tags: { ...copy.tags, env: 'staging' },
      createdAt: new Date('2026-02-01T00:00:00Z'),
    };
    const [change] = diffInventory([web], [retagged]);
    expect(change?.type === 'changed' && change.fields.map((f) => f.field)).toEqual(['createdAt', 'tags']);
    expect(change?.type === 'changed' && change.fields[0]).toEqual({
      field: 'createdAt',
      before: '2026-01-10T09:30:00.000Z',
      after: '2026-02-01T00:00:00.000Z',
    });
  });
});
