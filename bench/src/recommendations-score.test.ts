import { describe, expect, it } from 'vitest';
import { scorePlanted } from './recommendations-score';

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
    const [idle, oversized] = scorePlanted(planted, found);
    expect(idle).toEqual({
      type: 'ec2-idle',
      planted: 2,
      found: 2,
      truePositives: 1,
      precision: 0.5,
      recall: 0.5,
    });
    expect(oversized).toMatchObject({
      type: 'ec2-rightsizing',
      planted: 0,
      found: 1,
      precision: 0,
      recall: null,
    });
  });
});
