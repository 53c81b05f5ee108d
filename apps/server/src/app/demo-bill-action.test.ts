import { describe, expect, it } from 'vitest';
import type { CloudAction } from '../integrations/cloud/cloud-actions';
import { simSnapshotId } from '../integrations/cloud/simulated/sim-actions';
import { billAction } from './demo-bill';

const AT = new Date('2026-02-20T13:00:00Z');
const SCENARIO = {
  resources: [
    { kind: 'rds-instance', id: 'orders', accountId: '111111111111', allocatedStorageGiB: 200 },
    { kind: 'ebs-volume', id: 'vol-1', accountId: '111111111111', volumeType: 'gp3', sizeGiB: 50 },
  ],
};

describe('what the demo bill is told of an action', () => {
  it("a database's deletion carries its allocated storage, which its final snapshot bills; a safety snapshot its id and its volume's size", () => {
    const deletion: CloudAction = {
      type: 'delete-database',
      region: 'us-east-1',
      resource: { kind: 'rds-instance', id: 'orders' },
      finalSnapshotId: 'finlens-final-orders-1',
    };
    expect(billAction(deletion, '111111111111', AT, SCENARIO)).toEqual({ ...deletion, sizeGiB: 200 });
    // A database the scenario does not hold (another account's of the same name): no size, so no snapshot line.
    expect(billAction(deletion, '222222222222', AT, SCENARIO)).toEqual(deletion);
    const snapshot: CloudAction = {
      type: 'snapshot',
      region: 'us-east-1',
      resource: { kind: 'ebs-volume', id: 'vol-1' },
    };
    expect(billAction(snapshot, '111111111111', AT, SCENARIO)).toEqual({
      ...snapshot,
      snapshotId: simSnapshotId('vol-1', AT.getTime()),
      sizeGiB: 50,
    });
  });
});
