import { RECOMMENDATION_TYPES } from '@finlens/contracts/recommendations';
import { describe, expect, it } from 'vitest';
import { missedPlanted, scorePlanted, unplantedFound } from './recommendations-score';

describe('scorePlanted', () => {
  it('counts a finding right only for the planted type, account and resource', () => {
    const planted = {
      idleInstances: [
        { accountId: '1', id: 'i-a' },
        { accountId: '1', id: 'i-b' },
      ],
    };
    const found = [
      { rule_key: 'ec2-idle', account_id: '1', resource_id: 'i-a' },
      { rule_key: 'ec2-idle', account_id: '2', resource_id: 'i-b' },
      { rule_key: 'ec2-rightsizing', account_id: '1', resource_id: 'i-b' },
    ];
    const scores = scorePlanted(planted, found);
    expect(scores.find((s) => s.type === 'ec2-idle')).toEqual({
      type: 'ec2-idle',
      planted: 2,
      found: 2,
      truePositives: 1,
      precision: 0.5,
      recall: 0.5,
    });
    expect(scores.find((s) => s.type === 'ec2-rightsizing')).toMatchObject({
      type: 'ec2-rightsizing',
      planted: 0,
      found: 1,
      precision: 0,
      recall: null,
    });
  });

  it('reports every recommendation type: io1 → io2 scored from its planted volumes, a type planted nothing scored 0 of 0', () => {
    const planted = { io1Volumes: [{ accountId: '1', id: 'vol-io1' }] };
    const found = [
      { rule_key: 'ebs-io1-to-io2', account_id: '1', resource_id: 'vol-io1' },
      { rule_key: 'ebs-iops-overprovisioned', account_id: '1', resource_id: 'vol-io1' },
    ];
    const scores = scorePlanted(planted, found);
    expect(scores.map((s) => s.type)).toEqual([...RECOMMENDATION_TYPES]);
    expect(scores.find((s) => s.type === 'ebs-io1-to-io2')).toEqual({
      type: 'ebs-io1-to-io2',
      planted: 1,
      found: 1,
      truePositives: 1,
      precision: 1,
      recall: 1,
    });
    // The IOPS rule is superseded by io1 → io2 in the evaluation; found on the io1 volume here, it is wrong.
    expect(scores.find((s) => s.type === 'ebs-iops-overprovisioned')).toMatchObject({
      precision: 0,
      found: 1,
    });
    expect(scores.find((s) => s.type === 'asg-scheduled-scaling')).toEqual({
      type: 'asg-scheduled-scaling',
      planted: 0,
      found: 0,
      truePositives: 0,
      precision: null,
      recall: null,
    });
  });

  it('scores stopped instances with volumes and orphaned snapshots from their planted lists', () => {
    const refs = (...ids: string[]) => ids.map((id) => ({ accountId: '1', id }));
    const planted = {
      stoppedInstancesWithVolumes: refs('i-stopped'),
      orphanedSnapshots: refs('snap-a', 'snap-b'),
    };
    const found = (
      [
        ['ec2-stopped-with-volumes', 'i-stopped'],
        ['ebs-snapshot-orphaned', 'snap-a'],
      ] as const
    ).map(([rule_key, resource_id]) => ({ rule_key, account_id: '1', resource_id }));
    const scores = scorePlanted(planted, found);
    expect(scores.find((s) => s.type === 'ec2-stopped-with-volumes')).toMatchObject({
      precision: 1,
      recall: 1,
    });
    expect(scores.find((s) => s.type === 'ebs-snapshot-orphaned')).toMatchObject({
      precision: 1,
      recall: 0.5,
    });
  });

  it('scores the Auto Scaling advice and container rightsizing from their planted lists, and names what is wrong', () => {
    const refs = (...ids: string[]) => ids.map((id) => ({ accountId: '1', id }));
    const workload = 'prod-eks-use1/checkout/Deployment/checkout-worker';
    const planted = {
      spotGroups: refs('api-workers-asg', 'queue-consumers-asg'),
      launchTemplateGroups: refs('image-resize-asg'),
      scheduledGroups: refs('support-desk-asg'),
      overRequestedWorkloads: refs(workload),
    };
    const found = (
      [
        ['asg-spot-adoption', 'api-workers-asg'],
        ['asg-spot-adoption', 'ledger-sync-asg'],
        ['asg-launch-template-rightsizing', 'image-resize-asg'],
        ['asg-scheduled-scaling', 'support-desk-asg'],
        ['container-rightsizing', workload],
      ] as const
    ).map(([rule_key, resource_id]) => ({ rule_key, account_id: '1', resource_id }));
    const scores = scorePlanted(planted, found);
    const of = (type: string) => scores.find((s) => s.type === type);
    expect(of('asg-spot-adoption')).toMatchObject({ planted: 2, found: 2, precision: 0.5, recall: 0.5 });
    for (const type of ['asg-launch-template-rightsizing', 'asg-scheduled-scaling', 'container-rightsizing'])
      expect(of(type)).toMatchObject({ planted: 1, found: 1, precision: 1, recall: 1 });
    expect(unplantedFound(planted, found)).toEqual([
      { type: 'asg-spot-adoption', accountId: '1', id: 'ledger-sync-asg' },
    ]);
    expect(missedPlanted(planted, found)).toEqual([
      { type: 'asg-spot-adoption', accountId: '1', id: 'queue-consumers-asg' },
    ]);
  });
});
