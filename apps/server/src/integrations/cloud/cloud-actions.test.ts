import { describe, expect, it } from 'vitest';
import { actionCalls, type CloudAction, EC2_IDS_PER_CALL } from './cloud-actions';

const ec2 = (type: 'start' | 'stop' | 'hibernate', region: string, id: string): CloudAction => ({
  type,
  region,
  resource: { kind: 'ec2-instance', id },
});

describe('actionCalls', () => {
  it('puts EC2 starts and stops of one region and type in calls of at most 1,000 ids, in their positions', () => {
    const stops = Array.from({ length: 2_001 }, (_, i) => ec2('stop', 'us-east-1', `i-${i.toString(16)}`));
    const actions: CloudAction[] = [
      ...stops,
      ec2('start', 'us-east-1', 'i-start'),
      ec2('stop', 'eu-west-1', 'i-eu'),
      ec2('hibernate', 'us-east-1', 'i-sleep'),
      { type: 'stop', region: 'us-east-1', resource: { kind: 'rds-instance', id: 'db-1' } },
      { type: 'stop', region: 'us-east-1', resource: { kind: 'rds-instance', id: 'db-2' } },
    ];
    const calls = actionCalls(actions);
    const batches = calls.flatMap((c) => (c.batch ? [c] : []));
    expect(batches.map((b) => [b.region, b.type, b.ids.length])).toEqual([
      ['us-east-1', 'stop', EC2_IDS_PER_CALL],
      ['us-east-1', 'stop', EC2_IDS_PER_CALL],
      ['us-east-1', 'stop', 1],
      ['us-east-1', 'start', 1],
      ['eu-west-1', 'stop', 1],
      ['us-east-1', 'hibernate', 1],
    ]);
    // Each id sits at the position of its action; RDS goes one call each.
    for (const b of batches) expect(b.at.map((i) => actions[i]?.resource.id)).toEqual(b.ids);
    expect(calls.filter((c) => !c.batch).map((c) => c.at)).toEqual([2_004, 2_005]);
    expect(calls.flatMap((c) => (c.batch ? c.at : [c.at])).sort((a, b) => a - b)).toEqual(
      actions.map((_, i) => i),
    );
  });
});
