import { describe, expect, it } from 'vitest';
import type { BillingSourceRow, ProjectRow } from '../../db/tables';
import { sealCredentials } from '../../ingest/sources/billing-source-settings';
import type { CloudPort } from '../../integrations/cloud/cloud-port';
import { CONTRACT_SCENARIO } from '../../integrations/cloud/contract-world.test-helper';
import { systemClock } from '../../integrations/cloud/simulated/sim-clock';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createCollectionTargets } from './collection-targets';

const box = createSecretBox('k'.repeat(32));
const aws = {} as CloudPort;
const project = (accountId: string | null) =>
  ({ id: 'p1', cloud_type: 'aws', cloud_account_id: accountId }) as ProjectRow;
const source = (fields: Partial<BillingSourceRow>) =>
  ({ id: 's1', role_arn: null, external_id: null, credentials_sealed: null, ...fields }) as BillingSourceRow;

const ownIdentity = {} as CloudPort;

function resolve(
  rows: { project: ProjectRow; scenario?: unknown; awsSources?: BillingSourceRow[] },
  marked: string[] = [],
) {
  const targets = createCollectionTargets({
    serverIdentity: { accounts: new Set(marked), port: ownIdentity },
    repo: {
      target: async () => ({ scenario: null, simActions: [], awsSources: [], ...rows }),
      recordSimAction: async () => {},
    },
    secretBox: box,
    aws,
    simClock: systemClock,
  });
  return targets.resolve('p1', 'c1');
}

describe('collection targets', () => {
  it('uses the simulated cloud for a project with a scenario, on every scenario account unless it names one', async () => {
    const all = await resolve({ project: project(null), scenario: CONTRACT_SCENARIO });
    expect(all?.kind === 'simulated' && all.accounts.map((a) => a.accountId)).toEqual(
      CONTRACT_SCENARIO.accounts.map((a) => a.accountId),
    );
    const named = await resolve({ project: project('111111111111'), scenario: CONTRACT_SCENARIO });
    expect(named).toMatchObject({ kind: 'simulated', accounts: [{ accountId: '111111111111' }] });
  });

  it('signs in to AWS with the source role and its external ID, or with the sealed keys', async () => {
    const role = await resolve({
      project: project('123456789012'),
      awsSources: [source({ role_arn: 'arn:aws:iam::123456789012:role/finlens', external_id: 'ext' })],
    });
    expect(role).toMatchObject({
      kind: 'aws',
      accounts: [{ accountId: '123456789012', credentials: { kind: 'role', externalId: 'ext' } }],
    });
    expect(role?.kind === 'aws' && role.port).toBe(aws);
    const keys = { kind: 'aws-keys', accessKeyId: 'AKIA1', secretAccessKey: 'secret' } as const;
    const keyed = await resolve({
      project: project('123456789012'),
      awsSources: [source({ credentials_sealed: sealCredentials(box, 's1', keys) })],
    });
    expect(keyed).toMatchObject({
      kind: 'aws',
      accounts: [{ credentials: { kind: 'keys', accessKeyId: 'AKIA1' } }],
    });
  });

  it('leaves an account without an id, a role or keys awaiting configuration', async () => {
    expect(
      await resolve({ project: project(null), awsSources: [source({ role_arn: 'arn' })] }),
    ).toMatchObject({
      kind: 'awaiting-configuration',
    });
    expect(await resolve({ project: project('123456789012'), awsSources: [source({})] })).toMatchObject({
      kind: 'awaiting-configuration',
    });
  });

  it('uses the server identity only for an account the operator marked, and only when it has no role or keys', async () => {
    const bare = { project: project('123456789012'), awsSources: [source({})] };
    expect(await resolve(bare, ['p2'])).toMatchObject({ kind: 'awaiting-configuration' });
    const marked = await resolve(bare, ['p1']);
    expect(marked).toMatchObject({
      kind: 'aws',
      accounts: [{ accountId: '123456789012', credentials: { kind: 'server-identity' } }],
    });
    expect(marked?.kind === 'aws' && marked.port).toBe(ownIdentity);
    const withRole = await resolve(
      {
        project: project('123456789012'),
        awsSources: [source({ role_arn: 'arn:aws:iam::123456789012:role/f' })],
      },
      ['p1'],
    );
    expect(withRole).toMatchObject({ kind: 'aws', accounts: [{ credentials: { kind: 'role' } }] });
    expect(withRole?.kind === 'aws' && withRole.port).toBe(aws);
    expect(await resolve({ project: project(null) }, ['p1'])).toMatchObject({
      kind: 'awaiting-configuration',
    });
  });
});
