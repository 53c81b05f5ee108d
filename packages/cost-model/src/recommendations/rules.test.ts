import { describe, expect, it } from 'vitest';
import { ec2Price, rdsPrice } from './catalogue';
import { evaluateResource, ruleOf, thresholdErrors } from './engine';
import {
  HOURS_PER_MONTH,
  type MetricSummary,
  type ResourceCost,
  type RuleInput,
  type RuleResource,
} from './rule-kit';

const NOW = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

function resource(
  kind: RuleResource['kind'],
  id: string,
  state: string,
  attributes: Record<string, unknown> = {},
): RuleResource {
  return {
    projectId: 'p',
    accountId: '111',
    region: 'us-east-1',
    kind,
    id,
    name: null,
    state,
    tags: {},
    attributes,
    stateSince: null,
  };
}

const summary = (avg: number, p95: number, max: number, points = 336): MetricSummary => ({
  avg,
  p95,
  max,
  points,
});

function input(
  r: RuleResource,
  opts: {
    metrics?: Record<string, MetricSummary>;
    cost?: ResourceCost | null;
    covered?: boolean;
    others?: RuleResource[];
    /** Metrics of the other resources, by id. */
    theirs?: Record<string, Record<string, MetricSummary>>;
    costs?: Record<string, ResourceCost>;
  } = {},
): RuleInput {
  const others = opts.others ?? [];
  return {
    resource: r,
    metrics: () => new Map(Object.entries(opts.metrics ?? {})),
    cost: opts.cost === undefined ? { monthlyEffective: 100, monthlyOnDemand: 140 } : opts.cost,
    effectiveRate: 0.7,
    covered: opts.covered ?? false,
    now: NOW,
    related: {
      attachedTo: (kind, id) =>
        others.filter((o) => o.kind === kind && JSON.stringify(o.attributes.attachments ?? []).includes(id)),
      exists: (kind, id) => others.some((o) => o.kind === kind && o.id === id),
      costOf: (o) => opts.costs?.[o.id] ?? null,
      metricsOf: (o) => new Map(Object.entries(opts.theirs?.[o.id] ?? {})),
    },
  };
}

const outcomeOf = (i: RuleInput, key: string) => evaluateResource(i).find((r) => r.rule.key === key)?.outcome;
const quietNetwork = {
  'network-in': summary(50_000, 60_000, 80_000),
  'network-out': summary(50_000, 60_000, 80_000),
};
const m5 = () => resource('ec2-instance', 'i-1', 'running', { instanceType: 'm5.xlarge', platform: 'linux' });

describe('EC2 idle', () => {
  it('fires below the peak-CPU threshold with the bill as the saving, and not exactly at it', () => {
    const idle = outcomeOf(
      input(m5(), { metrics: { 'cpu-utilization': summary(1, 1.4, 4.99), ...quietNetwork } }),
      'ec2-idle',
    );
    expect(idle).toMatchObject({
      outcome: 'violated',
      saving: { effective: 100, onDemand: 140, basis: 'bill' },
      action: { kind: 'stop' },
    });
    const at = outcomeOf(
      input(m5(), { metrics: { 'cpu-utilization': summary(1, 1.4, 5), ...quietNetwork } }),
      'ec2-idle',
    );
    expect(at?.outcome).toBe('passed');
  });

  it('says metrics are missing with fewer than 30 hours, and that a covered instance may not save', () => {
    const few = outcomeOf(
      input(m5(), { metrics: { 'cpu-utilization': summary(1, 1, 1, 29), ...quietNetwork } }),
      'ec2-idle',
    );
    expect(few).toMatchObject({ outcome: 'missing-metrics' });
    expect(outcomeOf(input(m5()), 'ec2-idle')?.outcome).toBe('missing-metrics');
    const covered = outcomeOf(
      input(m5(), { covered: true, metrics: { 'cpu-utilization': summary(1, 1, 1), ...quietNetwork } }),
      'ec2-idle',
    );
    expect(
      covered?.outcome === 'violated' && covered.mightBeWrong.some((w) => w.includes('reservation')),
    ).toBe(true);
  });

  it('prices from the catalogue at the effective rate when the bill has no line', () => {
    const idle = outcomeOf(
      input(m5(), { cost: null, metrics: { 'cpu-utilization': summary(1, 1, 1), ...quietNetwork } }),
      'ec2-idle',
    );
    const list = (ec2Price('m5.xlarge', 'us-east-1') as number) * 730.5;
    expect(idle).toMatchObject({ outcome: 'violated', saving: { basis: 'catalogue' } });
    if (idle?.outcome !== 'violated') return;
    expect(idle.saving.onDemand).toBeCloseTo(list, 6);
    expect(idle.saving.effective).toBeCloseTo(list * 0.7, 6);
  });
});

describe('EC2 rightsizing', () => {
  const busy = { ...quietNetwork, 'network-in': summary(1e9, 1e9, 1e9) };
  it('fits a half-size type exactly at 80 % projected p95 and 100 % peak, never with more', () => {
    const fits = outcomeOf(
      input(m5(), { metrics: { 'cpu-utilization': summary(30, 40, 50), ...busy } }),
      'ec2-rightsizing',
    );
    expect(fits).toMatchObject({ outcome: 'violated', action: { kind: 'modify' } });
    if (fits?.outcome !== 'violated') return;
    const target = String(fits.action.target.instance_type);
    expect(target.endsWith('.large')).toBe(true);
    expect(fits.saving.effective).toBeGreaterThan(0);
    expect(fits.saving.effective).toBeLessThan(100);
    const over = outcomeOf(
      input(m5(), { metrics: { 'cpu-utilization': summary(30, 40.1, 50), ...busy } }),
      'ec2-rightsizing',
    );
    expect(over?.outcome).toBe('passed');
    const peak = outcomeOf(
      input(m5(), { metrics: { 'cpu-utilization': summary(30, 40, 50.1), ...busy } }),
      'ec2-rightsizing',
    );
    expect(peak?.outcome).toBe('passed');
  });

  it('never cuts memory alone without memory metrics (a burstable type keeps its vCPUs)', () => {
    const t3 = resource('ec2-instance', 'i-3', 'running', { instanceType: 't3.large', platform: 'linux' });
    const cpu = { 'cpu-utilization': summary(5, 8, 12), ...busy };
    expect(outcomeOf(input(t3, { metrics: cpu }), 'ec2-rightsizing')?.outcome).toBe('passed');
    const memory = { ...cpu, 'memory-utilization': summary(10, 15, 20) };
    const out = outcomeOf(input(t3, { metrics: memory }), 'ec2-rightsizing');
    expect(out?.outcome === 'violated' && out.action.target.instance_type).toMatch(
      /^t(3|3a|4g)\.(small|medium|micro|nano)$/,
    );
  });

  it('keeps an x86 target when Graviton is turned off, and gives way to idle', () => {
    const settings = new Map([['ec2-rightsizing', { enabled: true, thresholds: { allow_graviton: 0 } }]]);
    const r = evaluateResource(
      input(m5(), { metrics: { 'cpu-utilization': summary(5, 6, 7), ...busy } }),
      settings,
    ).find((c) => c.rule.key === 'ec2-rightsizing');
    expect(
      r?.outcome.outcome === 'violated' && /g\./.test(String(r.outcome.action.target.instance_type)),
    ).toBe(false);
    const idle = evaluateResource(
      input(m5(), { metrics: { 'cpu-utilization': summary(1, 1, 1), ...quietNetwork } }),
    );
    expect(idle.filter((c) => c.outcome.outcome === 'violated').map((c) => c.rule.key)).toEqual(['ec2-idle']);
  });
});

describe('storage and addresses', () => {
  it('unattached volumes: exactly 7 days fires, 6 days with I/O unknown does not', () => {
    const volume = (days: number) => ({
      ...resource('ebs-volume', 'vol-1', 'available', { volumeType: 'gp3', sizeGiB: 100, iops: 3000 }),
      stateSince: ago(days),
    });
    const found = outcomeOf(input(volume(7)), 'ebs-unattached');
    expect(found?.outcome).toBe('violated');
    // Its bill less the safety snapshot kept (100 GiB × $0.05 on demand, at the bill's 100 ÷ 140 effective).
    expect(found?.outcome === 'violated' && found.saving).toMatchObject({ onDemand: 135, current: 100 });
    if (found?.outcome === 'violated') expect(found.saving.effective).toBeCloseTo(100 - (5 * 100) / 140, 9);
    // A cold HDD volume's snapshot costs more than the volume: deleting it saves nothing.
    const sc1 = {
      ...resource('ebs-volume', 'vol-cold', 'available', { volumeType: 'sc1', sizeGiB: 500 }),
      stateSince: ago(30),
    };
    expect(outcomeOf(input(sc1, { cost: null }), 'ebs-unattached')?.outcome).toBe('passed');
    expect(outcomeOf(input(volume(6)), 'ebs-unattached')?.outcome).toBe('passed');
    const silent = { 'ebs-read-ops': summary(0, 0, 0, 168), 'ebs-write-ops': summary(0, 0, 0, 168) };
    expect(outcomeOf(input(volume(0), { metrics: silent }), 'ebs-unattached')?.outcome).toBe('violated');
  });

  it('gp2 saves the gp3 share of the bill, and gives way to an unattached finding', () => {
    const gp2 = resource('ebs-volume', 'vol-2', 'in-use', { volumeType: 'gp2', sizeGiB: 100 });
    const out = outcomeOf(input(gp2), 'ebs-gp2-to-gp3');
    expect(out?.outcome === 'violated' && out.saving.effective).toBeCloseTo(20, 6);
    // gp3's included 125 MiB/s, named so the change bills no throughput (ModifyVolume's default too).
    expect(out?.outcome === 'violated' && out.action.target).toEqual({
      volume_type: 'gp3',
      iops: 3000,
      throughput_mibps: 125,
    });
    const loose = { ...gp2, state: 'available', stateSince: ago(30) };
    expect(
      evaluateResource(input(loose))
        .filter((c) => c.outcome.outcome === 'violated')
        .map((c) => c.rule.key),
    ).toEqual(['ebs-unattached']);
  });

  it('snapshots: 365 days old fires, 364 does not; an orphan names its missing volume', () => {
    const snap = (days: number, volumeId = 'vol-9') =>
      resource('ebs-snapshot', 'snap-1', 'completed', { createdAt: ago(days), sizeGiB: 50, volumeId });
    expect(outcomeOf(input(snap(365)), 'ebs-snapshot-old')?.outcome).toBe('violated');
    expect(outcomeOf(input(snap(364)), 'ebs-snapshot-old')?.outcome).toBe('passed');
    expect(outcomeOf(input(snap(100)), 'ebs-snapshot-orphaned')?.outcome).toBe('violated');
    const kept = input(snap(100), { others: [resource('ebs-volume', 'vol-9', 'in-use')] });
    expect(outcomeOf(kept, 'ebs-snapshot-orphaned')?.outcome).toBe('passed');
  });

  it("an orphaned snapshot's saving is its own snapshot lines, traced in the evidence; without a line, an upper bound that says so", () => {
    const snap = resource('ebs-snapshot', 'snap-2', 'completed', {
      createdAt: ago(100),
      sizeGiB: 500,
      volumeId: 'vol-gone',
    });
    const factsOf = (o: ReturnType<typeof outcomeOf>) =>
      Object.fromEntries((o?.evidence?.facts ?? []).map((f) => [f.key, f.value]));
    // Its SnapshotUsage lines bill 42.5 GB (of a 500 GiB volume) at $2.125 a month effective, $2.5 on demand.
    const billed = outcomeOf(
      input(snap, { cost: { monthlyEffective: 2.125, monthlyOnDemand: 2.5, storageGb: 42.5 } }),
      'ebs-snapshot-orphaned',
    );
    expect(billed?.outcome === 'violated' && billed.saving).toMatchObject({
      effective: 2.125,
      onDemand: 2.5,
      basis: 'bill',
    });
    expect(factsOf(billed)).toMatchObject({ size_gib: 500, billed_gb: 42.5, billed_monthly: 2.13 });
    expect(billed?.outcome === 'violated' && billed.mightBeWrong.join(' ')).toContain(
      'what its own snapshot lines billed',
    );
    // No line of it in the bill: 500 GiB × $0.05 at list, at the account's 0.7 effective rate, an upper bound.
    const listed = outcomeOf(input(snap, { cost: null }), 'ebs-snapshot-orphaned');
    expect(listed?.outcome === 'violated' && listed.saving.basis).toBe('catalogue');
    if (listed?.outcome === 'violated') {
      expect(listed.saving.onDemand).toBeCloseTo(25, 9);
      expect(listed.saving.effective).toBeCloseTo(17.5, 9);
      expect(listed.mightBeWrong.join(' ')).toContain('upper bound');
    }
    expect(factsOf(listed)).toMatchObject({ upper_bound_monthly: 25 });
    expect(factsOf(listed)).not.toHaveProperty('billed_monthly');
  });

  it('addresses and long-stopped instances', () => {
    expect(
      outcomeOf(input(resource('elastic-ip', 'eipalloc-1', 'unassociated')), 'eip-unassociated')?.outcome,
    ).toBe('violated');
    expect(
      outcomeOf(input(resource('elastic-ip', 'eipalloc-2', 'associated')), 'eip-unassociated')?.outcome,
    ).toBe('passed');
    const stopped = {
      ...resource('ec2-instance', 'i-2', 'stopped', { instanceType: 'm5.large' }),
      stateSince: ago(30),
    };
    const vol = resource('ebs-volume', 'vol-3', 'in-use', {
      volumeType: 'gp3',
      sizeGiB: 100,
      attachments: [{ kind: 'ec2-instance', id: 'i-2' }],
    });
    const out = outcomeOf(input(stopped, { others: [vol] }), 'ec2-stopped-with-volumes');
    // The volume's $8 list less its safety snapshot (100 GiB × $0.05).
    expect(out?.outcome === 'violated' && out.saving).toMatchObject({ onDemand: 3, basis: 'catalogue' });
    expect(
      outcomeOf(input({ ...stopped, stateSince: ago(29) }, { others: [vol] }), 'ec2-stopped-with-volumes')
        ?.outcome,
    ).toBe('passed');
    expect(outcomeOf(input(stopped), 'ec2-stopped-with-volumes')?.outcome).toBe('passed');
  });
});

describe('NAT gateways, S3 cold data, Lambda memory and Auto Scaling groups', () => {
  const nat = (state = 'available') =>
    resource('nat-gateway', 'nat-1', state, { connectivityType: 'public', vpcId: 'vpc-1' });
  const traffic = (gbPerDay: number, points = 336) => ({
    'nat-bytes-out': summary((gbPerDay * 0.5e9) / 24, 0, 0, points),
    'nat-bytes-in': summary((gbPerDay * 0.5e9) / 24, 0, 0, points),
  });

  it('NAT: under 1 GB a day fires with the bill as the saving; exactly 1 GB does not; too few hours is missing', () => {
    const idle = outcomeOf(input(nat(), { metrics: traffic(0.99) }), 'nat-gateway-idle');
    expect(idle).toMatchObject({
      outcome: 'violated',
      saving: { effective: 100, onDemand: 140, basis: 'bill' },
      action: { kind: 'delete' },
    });
    expect(outcomeOf(input(nat(), { metrics: traffic(1) }), 'nat-gateway-idle')?.outcome).toBe('passed');
    expect(outcomeOf(input(nat(), { metrics: traffic(0, 29) }), 'nat-gateway-idle')?.outcome).toBe(
      'missing-metrics',
    );
    expect(outcomeOf(input(nat('pending'), { metrics: traffic(0) }), 'nat-gateway-idle')?.outcome).toBe(
      'not-applicable',
    );
    const listed = outcomeOf(input(nat(), { cost: null, metrics: traffic(0) }), 'nat-gateway-idle');
    expect(listed?.outcome === 'violated' && listed.saving.onDemand).toBeCloseTo(0.045 * 730.5, 6);
  });

  const bucket = (standardGb: number) =>
    resource('s3-bucket', 'logs', 'available', {
      storage: [{ storageClass: 'STANDARD', bytes: standardGb * 1e9 }],
    });
  const reads = (getsPerDay: number, points = 336) => ({
    's3-get-requests': summary(getsPerDay / 24, 0, 0, points),
  });

  it('S3: 1,000 GB in Standard read under once a day per GB saves the Intelligent-Tiering share, bounded by the bill', () => {
    const cold = outcomeOf(
      input(bucket(1000), { cost: { monthlyEffective: 20, monthlyOnDemand: 25 }, metrics: reads(999) }),
      's3-cold-standard',
    );
    expect(cold).toMatchObject({ outcome: 'violated', action: { kind: 'add-lifecycle-policy' } });
    if (cold?.outcome !== 'violated') return;
    // 1,000 GB × (0.023 − 0.0125) = 10.5 at list, × the bill's 20 / 25.
    expect(cold.saving.onDemand).toBeCloseTo(10.5, 6);
    expect(cold.saving.effective).toBeCloseTo(8.4, 6);
    const read = outcomeOf(input(bucket(1000), { metrics: reads(1000) }), 's3-cold-standard');
    expect(read?.outcome).toBe('passed');
    expect(outcomeOf(input(bucket(99), { metrics: reads(0) }), 's3-cold-standard')?.outcome).toBe('passed');
    expect(outcomeOf(input(bucket(1000)), 's3-cold-standard')?.outcome).toBe('missing-metrics');
  });

  const unmanaged = (standardGb: number, lifecycleRules: number | null = 0) =>
    resource('s3-bucket', 'exports', 'available', {
      storage: [
        { storageClass: 'STANDARD', bytes: standardGb * 1e9 },
        { storageClass: 'GLACIER', bytes: 2000 * 1e9 },
      ],
      lifecycleRules,
    });

  it('S3 without lifecycle: Standard storage cost at the threshold fires, the saving is the unread share moved to Intelligent-Tiering', () => {
    // 1,000 GB × 0.023 = 23 at list; the bill's 20 / 25 makes 18.4 a month at the effective rate.
    const bill = { monthlyEffective: 20, monthlyOnDemand: 25 };
    const out = outcomeOf(input(unmanaged(1000), { cost: bill }), 's3-no-lifecycle');
    expect(out).toMatchObject({
      outcome: 'violated',
      risk: 'low',
      action: { kind: 'add-lifecycle-policy', target: { storage_class: 'INTELLIGENT_TIERING' } },
    });
    if (out?.outcome !== 'violated') return;
    // Half of 1,000 GB × (0.023 − 0.0125) = 5.25 at list, × 20 / 25; Glacier is left where it is.
    expect(out.saving.onDemand).toBeCloseTo(5.25, 6);
    expect(out.saving.effective).toBeCloseTo(4.2, 6);
    expect(out.saving.basis).toBe('bill');
    const facts = Object.fromEntries(out.evidence.facts.map((f) => [f.key, f]));
    expect(facts.lifecycle_rules?.value).toBe(0);
    expect(facts.hot_storage_cost).toMatchObject({
      value: 18.4,
      threshold_key: 'min_storage_cost',
      threshold: 10,
    });
    expect(facts.storage_cost_standard?.value).toBe(23);
    expect(facts.storage_cost_glacier?.value).toBe(7.2);

    // The bill bounds the storage cost: a bucket billed 10 a month is exactly at the threshold and fires; 9.99
    // effective passes.
    const at = (monthlyEffective: number) => ({ cost: { monthlyEffective, monthlyOnDemand: 10 } });
    expect(outcomeOf(input(unmanaged(1000), at(10)), 's3-no-lifecycle')?.outcome).toBe('violated');
    expect(outcomeOf(input(unmanaged(1000), at(9.99)), 's3-no-lifecycle')?.outcome).toBe('passed');
    // Glacier is not what the rule would move: 2,000 GB there and 100 GB (2.30) in Standard passes.
    expect(outcomeOf(input(unmanaged(100), at(10)), 's3-no-lifecycle')?.outcome).toBe('passed');
  });

  it('S3 without lifecycle: passes with an enabled rule, misses an unread configuration, yields to cold data in Standard', () => {
    expect(outcomeOf(input(unmanaged(1000, 2)), 's3-no-lifecycle')).toMatchObject({
      outcome: 'passed',
      reason: 'The bucket has 2 enabled lifecycle rule(s).',
    });
    expect(outcomeOf(input(unmanaged(1000, null)), 's3-no-lifecycle')?.outcome).toBe('missing-metrics');
    // Without bill lines: the list price × the account's effective rate (0.7).
    const listed = outcomeOf(input(unmanaged(1000), { cost: null }), 's3-no-lifecycle');
    expect(listed?.outcome === 'violated' && listed.saving).toMatchObject({ basis: 'catalogue' });
    expect(listed?.outcome === 'violated' && listed.saving.effective).toBeCloseTo(5.25 * 0.7, 6);
    // Hardly read: s3-cold-standard recommends the same policy from the request metrics.
    const cold = outcomeOf(
      input(unmanaged(1000), { cost: { monthlyEffective: 20, monthlyOnDemand: 25 }, metrics: reads(10) }),
      's3-no-lifecycle',
    );
    expect(cold).toMatchObject({
      outcome: 'passed',
      reason: 's3-cold-standard already recommends acting on this resource.',
    });
  });

  it("S3 prices a bucket's data at its own bill's rate per storage class where the bill has one, else at list", () => {
    // A us-west-1 bucket: its Standard lines bill $0.026 a GB-month on demand, $0.0247 after a 5 % discount.
    const cost = {
      monthlyEffective: 60,
      monthlyOnDemand: 63,
      storageRates: { STANDARD: { effective: 0.0247, onDemand: 0.026 } },
    };
    // What Infrequent Access cuts at list, applied to the bill's own rate.
    const share = 1 - 0.0125 / 0.023;
    const cold = outcomeOf(input(bucket(1000), { cost, metrics: reads(999) }), 's3-cold-standard');
    expect(cold?.outcome === 'violated' && cold.saving).toMatchObject({ basis: 'bill', current: 60 });
    if (cold?.outcome !== 'violated') return;
    expect(cold.saving.effective).toBeCloseTo(1000 * 0.0247 * share, 9);
    expect(cold.saving.onDemand).toBeCloseTo(1000 * 0.026 * share, 9);
    // Half the unmanaged bucket's Standard data at the bill's rate; Glacier, which its lines do not bill, at list.
    const managed = outcomeOf(input(unmanaged(1000), { cost }), 's3-no-lifecycle');
    if (managed?.outcome !== 'violated') throw new Error('no lifecycle finding');
    expect(managed.saving.effective).toBeCloseTo(500 * 0.0247 * share, 9);
    const facts = Object.fromEntries(managed.evidence.facts.map((f) => [f.key, f]));
    expect(facts.hot_storage_cost?.value).toBe(24.7);
    expect(facts.storage_cost_standard).toMatchObject({
      value: 26,
      label: expect.stringContaining("the bill's"),
    });
    expect(facts.storage_cost_glacier).toMatchObject({
      value: 7.2,
      label: expect.stringContaining('at list'),
    });
  });

  const fn = (memoryMiB = 1024) =>
    resource('lambda-function', 'resize', 'active', { memoryMiB, timeoutSeconds: 30 });
  const lambda = (peakMiB: number, p95Ms = 200) => ({
    'lambda-memory-used': summary(peakMiB, peakMiB, peakMiB),
    'lambda-duration': summary(150, p95Ms, 400),
    'lambda-invocations': summary(1000, 1000, 1000),
  });

  it('Lambda: peak 400 MB + 20 % needs 512 of 1,024 MB and saves half of the GB-second share of the bill', () => {
    const out = outcomeOf(input(fn(), { metrics: lambda(400) }), 'lambda-memory');
    expect(out).toMatchObject({ outcome: 'violated', action: { target: { memory_mib: 512 } } });
    if (out?.outcome !== 'violated') return;
    const gbSeconds = 1000 * 730.5 * 0.15 * 1;
    const compute = gbSeconds * 0.0000166667;
    const share = compute / (compute + 1000 * 730.5 * 0.0000002);
    expect(out.saving.effective).toBeCloseTo(100 * share * 0.5, 6);
    // 870 MB + 20 % needs 1,088 MB: no cut.
    expect(outcomeOf(input(fn(), { metrics: lambda(870) }), 'lambda-memory')?.outcome).toBe('passed');
    // p95 duration above half the 30 s timeout: less CPU may time it out.
    expect(outcomeOf(input(fn(), { metrics: lambda(400, 15_001) }), 'lambda-memory')?.outcome).toBe('passed');
    const noInsights = { 'lambda-duration': summary(150, 200, 400) };
    expect(outcomeOf(input(fn(), { metrics: noInsights }), 'lambda-memory')?.outcome).toBe('missing-metrics');
  });

  it('Lambda: the share of the bill memory scales comes from the bill’s own usage types when it has them', () => {
    const billed = (byUsageType: Record<string, number>) =>
      outcomeOf(
        input(fn(), {
          metrics: lambda(400),
          cost: { monthlyEffective: 100, monthlyOnDemand: 140, byUsageType },
        }),
        'lambda-memory',
      );
    // 90 % GB-seconds (x86 and Arm), 10 % requests: half of 90 % saved.
    expect(
      billed({ 'USE1-Lambda-GB-Second': 60, 'USE1-Lambda-GB-Second-ARM': 30, 'USE1-Request': 10 }),
    ).toMatchObject({
      saving: { effective: expect.closeTo(45, 9), onDemand: expect.closeTo(63, 9) },
      evidence: {
        facts: expect.arrayContaining([
          expect.objectContaining({ key: 'duration_share_percent', value: 90 }),
        ]),
      },
    });
    // A bill of GB-seconds only: all of it scales (the list-price split would have said ~89 %).
    expect(billed({ 'USE1-Lambda-GB-Second': 3 })).toMatchObject({
      saving: { effective: expect.closeTo(50, 9) },
    });
    // Requests and ephemeral storage bill the same whatever the memory.
    expect(
      billed({ 'USE1-Lambda-GB-Second': 50, 'USE1-Request': 25, 'USE1-Lambda-Storage-GB-Second': 25 }),
    ).toMatchObject({ saving: { effective: expect.closeTo(25, 9) } });
  });

  it('Lambda: a function whose bill has no GB-second line passes, saying memory changes nothing it pays', () => {
    const out = outcomeOf(
      input(fn(), {
        metrics: lambda(400),
        cost: { monthlyEffective: 4, monthlyOnDemand: 5, byUsageType: { 'USE1-Request': 3.9 } },
      }),
      'lambda-memory',
    );
    expect(out).toMatchObject({
      outcome: 'passed',
      reason: expect.stringContaining('no duration (GB-second) charge'),
      evidence: {
        facts: expect.arrayContaining([expect.objectContaining({ key: 'duration_share_percent', value: 0 })]),
      },
    });
  });

  const group = (desired: number, min: number) =>
    resource('autoscaling-group', 'web-asg', 'active', {
      desiredCapacity: desired,
      minSize: min,
      maxSize: 10,
      instanceTypes: ['m5.large'],
    });
  const member = (id: string) =>
    resource('ec2-instance', id, 'running', {
      instanceType: 'm5.large',
      attachments: [{ kind: 'autoscaling-group', id: 'web-asg' }],
    });
  const members = ['i-a', 'i-b', 'i-c', 'i-d'].map(member);
  const cpuOf = (p95: number) =>
    Object.fromEntries(members.map((m) => [m.id, { 'cpu-utilization': summary(p95 - 5, p95, p95 + 5) }]));
  const costs = Object.fromEntries(members.map((m) => [m.id, { monthlyEffective: 50, monthlyOnDemand: 70 }]));

  it('ASG: four instances at p95 35 % fit on two at 70 %, saving two instances of the bill; at 35.1 % they need three', () => {
    const out = outcomeOf(
      input(group(4, 1), { others: members, theirs: cpuOf(35), costs }),
      'asg-overprovisioned',
    );
    expect(out).toMatchObject({
      outcome: 'violated',
      action: { kind: 'scale-in', target: { desired_capacity: 2 } },
      saving: { effective: 100, onDemand: 140, basis: 'bill' },
    });
    const more = outcomeOf(
      input(group(4, 1), { others: members, theirs: cpuOf(35.1), costs }),
      'asg-overprovisioned',
    );
    expect(more).toMatchObject({ outcome: 'violated', action: { target: { desired_capacity: 3 } } });
    const floor = outcomeOf(
      input(group(4, 4), { others: members, theirs: cpuOf(10), costs }),
      'asg-overprovisioned',
    );
    expect(floor?.outcome).toBe('passed');
    const missing = outcomeOf(input(group(4, 1), { others: members, costs }), 'asg-overprovisioned');
    expect(missing?.outcome).toBe('missing-metrics');
  });

  it('an instance of an Auto Scaling group is judged by the group, not stopped or resized alone', () => {
    const quiet = { 'cpu-utilization': summary(1, 1, 1), ...quietNetwork };
    const results = evaluateResource(input(member('i-a'), { metrics: quiet }));
    expect(results.filter((c) => c.outcome.outcome === 'violated')).toEqual([]);
    expect(results.find((c) => c.rule.key === 'ec2-idle')?.outcome.outcome).toBe('not-applicable');
  });
});

describe('load balancers, databases, upgrades and provisioned IOPS', () => {
  const settingsOf = (key: string, thresholds: Record<string, number>) =>
    new Map([[key, { enabled: true, thresholds }]]);
  const ruleOutcome = (i: RuleInput, key: string, thresholds: Record<string, number> = {}) =>
    evaluateResource(i, settingsOf(key, thresholds)).find((r) => r.rule.key === key)?.outcome;

  it('idle load balancer: 99 requests a day fires with the bill as the saving, exactly 100 does not; too few hours is missing', () => {
    const alb = resource('load-balancer', 'app/web/1', 'active', { type: 'application' });
    const requests = (perDay: number, points = 168) => ({
      'elb-requests': summary(perDay / 24, 0, 0, points),
    });
    const idle = outcomeOf(input(alb, { metrics: requests(99) }), 'elb-idle');
    expect(idle).toMatchObject({ outcome: 'violated', action: { kind: 'delete' }, risk: 'medium' });
    expect(idle?.outcome === 'violated' && idle.saving).toMatchObject({
      effective: 100,
      onDemand: 140,
      basis: 'bill',
    });
    expect(outcomeOf(input(alb, { metrics: requests(100) }), 'elb-idle')?.outcome).toBe('passed');
    expect(outcomeOf(input(alb, { metrics: requests(0, 29) }), 'elb-idle')?.outcome).toBe('missing-metrics');
    expect(outcomeOf(input(alb), 'elb-idle')?.outcome).toBe('missing-metrics');
    // Without a bill line: the list price of an application load balancer's hours at the account's rate.
    const listed = outcomeOf(input(alb, { metrics: requests(0), cost: null }), 'elb-idle');
    expect(listed?.outcome === 'violated' && listed.saving).toMatchObject({ basis: 'catalogue' });
    if (listed?.outcome === 'violated')
      expect(listed.saving.onDemand).toBeCloseTo(0.0225 * HOURS_PER_MONTH, 9);
  });

  it('idle database: no connection fires, one does not; a stopped one does not apply; a covered one says the commitment bills on', () => {
    const db = (state = 'available') =>
      resource('rds-instance', 'orders', state, { instanceClass: 'db.m5.large', engine: 'postgres' });
    const connections = (max: number, points = 168) => ({
      'rds-connections': summary(max / 2, max, max, points),
    });
    const idle = outcomeOf(input(db(), { metrics: connections(0) }), 'rds-idle');
    expect(idle).toMatchObject({ outcome: 'violated', action: { kind: 'snapshot-and-delete' } });
    expect(idle?.outcome === 'violated' && idle.saving.effective).toBe(100);
    expect(outcomeOf(input(db(), { metrics: connections(1) }), 'rds-idle')?.outcome).toBe('passed');
    // At a raised threshold, exactly at it still fires (peak at most the threshold).
    expect(
      ruleOutcome(input(db(), { metrics: connections(3) }), 'rds-idle', { connections_max: 3 })?.outcome,
    ).toBe('violated');
    expect(outcomeOf(input(db(), { metrics: connections(0, 29) }), 'rds-idle')?.outcome).toBe(
      'missing-metrics',
    );
    expect(outcomeOf(input(db('stopped'), { metrics: connections(0) }), 'rds-idle')?.outcome).toBe(
      'not-applicable',
    );
    const covered = outcomeOf(input(db(), { metrics: connections(0), covered: true }), 'rds-idle');
    expect(covered?.outcome === 'violated' && covered.mightBeWrong.join(' ')).toContain(
      'Savings Plan covers',
    );
  });

  it("idle database: the saving is net of the final snapshot of its allocated storage, at the bill's own snapshot price where it has one, else at the RDS list price", () => {
    const db = (allocatedStorageGiB: number) =>
      resource('rds-instance', 'orders', 'available', {
        instanceClass: 'db.m5.large',
        engine: 'postgres',
        allocatedStorageGiB,
      });
    const idleFor = { 'rds-connections': summary(0, 0, 0, 168) };
    const factsOf = (o: ReturnType<typeof outcomeOf>) =>
      Object.fromEntries((o?.evidence?.facts ?? []).map((f) => [f.key, f.value]));
    // The bill: $100 effective, $140 on demand a month. List: 200 GiB × $0.095 = $19 on demand, at 100 ÷ 140.
    const listed = outcomeOf(input(db(200), { metrics: idleFor }), 'rds-idle');
    if (listed?.outcome !== 'violated') throw new Error('expected a violation');
    expect(listed.saving.onDemand).toBeCloseTo(140 - 19, 9);
    expect(listed.saving.effective).toBeCloseTo(100 - (19 * 100) / 140, 9);
    expect(factsOf(listed)).toMatchObject({
      allocated_storage_gib: 200,
      final_snapshot_rate: 0.095,
      final_snapshot_monthly: 13.57,
    });
    expect(listed.mightBeWrong.join(' ')).toContain('200 GiB at $0.095 per GB-month, the RDS list price');
    // The account's own ChargedBackupUsage price: $0.08 effective, $0.095 on demand a GB-month.
    const own = outcomeOf(
      { ...input(db(200), { metrics: idleFor }), rdsSnapshotRate: { effective: 0.08, onDemand: 0.095 } },
      'rds-idle',
    );
    expect(own?.outcome === 'violated' && own.saving).toMatchObject({ effective: 84, basis: 'bill' });
    expect(own?.outcome === 'violated' && own.saving.onDemand).toBeCloseTo(121, 9);
    expect(factsOf(own)).toMatchObject({ final_snapshot_rate: 0.08, final_snapshot_monthly: 16 });
    // A snapshot as dear as the database (2,000 GiB: $190 a month at list) leaves nothing to save.
    const dear = outcomeOf(input(db(2000), { metrics: idleFor }), 'rds-idle');
    expect(dear).toMatchObject({ outcome: 'passed', reason: expect.stringContaining('final snapshot') });
  });

  it('database rightsizing: half the class exactly at 80 % projected p95 and 100 % peak, not above; missing CPU; idle wins', () => {
    const db = resource('rds-instance', 'reports', 'available', {
      instanceClass: 'db.m5.xlarge',
      engine: 'postgres',
    });
    const cpu = (p95: number, max: number, points = 336) => ({
      'cpu-utilization': summary(p95 / 2, p95, max, points),
    });
    const fits = outcomeOf(input(db, { metrics: cpu(40, 50) }), 'rds-rightsizing');
    expect(fits).toMatchObject({ outcome: 'violated', action: { target: { instance_type: 'db.m5.large' } } });
    const share =
      1 - (rdsPrice('db.m5.large', 'us-east-1') ?? 0) / (rdsPrice('db.m5.xlarge', 'us-east-1') ?? 1);
    expect(fits?.outcome === 'violated' && fits.saving.effective).toBeCloseTo(100 * share, 9);
    expect(outcomeOf(input(db, { metrics: cpu(40.1, 50) }), 'rds-rightsizing')?.outcome).toBe('passed');
    expect(outcomeOf(input(db, { metrics: cpu(40, 50.1) }), 'rds-rightsizing')?.outcome).toBe('passed');
    expect(outcomeOf(input(db, { metrics: cpu(40, 50, 29) }), 'rds-rightsizing')?.outcome).toBe(
      'missing-metrics',
    );
    const idle = evaluateResource(
      input(db, { metrics: { ...cpu(1, 2), 'rds-connections': summary(0, 0, 0, 336) } }),
    );
    expect(idle.filter((c) => c.outcome.outcome === 'violated').map((c) => c.rule.key)).toEqual(['rds-idle']);
  });

  it('previous generation: m3.large moves to the cheapest current type of its size; exactly at the least saving fires, above it passes', () => {
    const m3 = resource('ec2-instance', 'i-old', 'running', { instanceType: 'm3.large', platform: 'linux' });
    const upgrade = outcomeOf(input(m3), 'ec2-previous-generation');
    expect(upgrade).toMatchObject({
      outcome: 'violated',
      action: { target: { instance_type: 'm5a.large' } },
    });
    const share = 1 - (ec2Price('m5a.large', 'us-east-1') ?? 0) / (ec2Price('m3.large', 'us-east-1') ?? 1);
    expect(upgrade?.outcome === 'violated' && upgrade.saving.effective).toBeCloseTo(100 * share, 9);
    expect(
      ruleOutcome(input(m3), 'ec2-previous-generation', { min_saving_percent: share * 100 })?.outcome,
    ).toBe('violated');
    expect(
      ruleOutcome(input(m3), 'ec2-previous-generation', { min_saving_percent: share * 100 + 0.01 })?.outcome,
    ).toBe('passed');
    expect(outcomeOf(input(m5()), 'ec2-previous-generation')?.outcome).toBe('passed');
    const covered = outcomeOf(input(m3, { covered: true }), 'ec2-previous-generation');
    expect(covered?.outcome === 'violated' && covered.mightBeWrong.join(' ')).toContain(
      'Savings Plan covers',
    );
  });

  it('io1 → io2: above 32,000 IOPS saves the tiered IOPS share of the bill; at 32,000 the prices are equal', () => {
    const io1 = (iops: number) =>
      resource('ebs-volume', 'vol-io1', 'in-use', { volumeType: 'io1', sizeGiB: 800, iops });
    const out = outcomeOf(input(io1(40_000)), 'ebs-io1-to-io2');
    expect(out).toMatchObject({
      outcome: 'violated',
      action: { target: { volume_type: 'io2', iops: 40_000 } },
    });
    // io1: 800 × 0.125 + 40,000 × 0.065 = 2,700; io2: 100 + 32,000 × 0.065 + 8,000 × 0.0455 = 2,544.
    expect(out?.outcome === 'violated' && out.saving.effective).toBeCloseTo(100 * (1 - 2544 / 2700), 9);
    expect(outcomeOf(input(io1(32_000)), 'ebs-io1-to-io2')?.outcome).toBe('passed');
    const gp3 = resource('ebs-volume', 'vol-gp3', 'in-use', {
      volumeType: 'gp3',
      sizeGiB: 800,
      iops: 40_000,
    });
    expect(outcomeOf(input(gp3), 'ebs-io1-to-io2')?.outcome).toBe('not-applicable');
  });

  it('over-provisioned IOPS: lowers gp3 to the peak plus 30 % (never below 3,000); a cut under 100 IOPS passes; missing I/O', () => {
    const gp3 = (iops: number) =>
      resource('ebs-volume', 'vol-fast', 'in-use', { volumeType: 'gp3', sizeGiB: 200, iops });
    // Peak 2,000 + 2,000 operations an hour… per second: (reads.max + writes.max) ÷ 3600.
    const io = (perSecond: number, points = 336) => ({
      'ebs-read-ops': summary(0, 0, perSecond * 3600 * 0.5, points),
      'ebs-write-ops': summary(0, 0, perSecond * 3600 * 0.5, points),
    });
    const out = outcomeOf(input(gp3(10_000), { metrics: io(4000) }), 'ebs-iops-overprovisioned');
    expect(out).toMatchObject({ outcome: 'violated', action: { target: { iops: 5200 } } });
    // List: 200 × 0.08 + 7,000 × 0.005 = 51 before, 16 + 2,200 × 0.005 = 27 after.
    expect(out?.outcome === 'violated' && out.saving.effective).toBeCloseTo(100 * (1 - 27 / 51), 9);
    const quiet = outcomeOf(input(gp3(10_000), { metrics: io(10) }), 'ebs-iops-overprovisioned');
    expect(quiet?.outcome === 'violated' && quiet.action.target.iops).toBe(3000);
    // 5,200 needed of 5,299 provisioned: under 100 IOPS to cut.
    expect(outcomeOf(input(gp3(5299), { metrics: io(4000) }), 'ebs-iops-overprovisioned')?.outcome).toBe(
      'passed',
    );
    expect(
      outcomeOf(input(gp3(10_000), { metrics: io(4000, 29) }), 'ebs-iops-overprovisioned')?.outcome,
    ).toBe('missing-metrics');
    const gp2 = resource('ebs-volume', 'vol-gp2', 'in-use', { volumeType: 'gp2', sizeGiB: 200 });
    expect(outcomeOf(input(gp2, { metrics: io(10) }), 'ebs-iops-overprovisioned')?.outcome).toBe(
      'not-applicable',
    );
    // 1,000 MiB/s of throughput needs 4,000 IOPS (0.25 MiB/s each), and its $35 a month bills on after the cut:
    // 16 + 35 + 35 = 86 before, 16 + 35 + 5 = 56 after.
    const fast = resource('ebs-volume', 'vol-mibps', 'in-use', {
      volumeType: 'gp3',
      sizeGiB: 200,
      iops: 10_000,
      throughputMiBps: 1000,
    });
    const kept = outcomeOf(input(fast, { metrics: io(10) }), 'ebs-iops-overprovisioned');
    expect(kept?.outcome === 'violated' && kept.action.target.iops).toBe(4000);
    expect(kept?.outcome === 'violated' && kept.saving.effective).toBeCloseTo(100 * (1 - 56 / 86), 9);
  });
});

describe('thresholds', () => {
  it('names unknown and out-of-range overrides', () => {
    const rule = ruleOf('ec2-idle');
    if (rule === null) throw new Error('no rule');
    expect(thresholdErrors(rule, { cpu_max_percent: 101, lookback_days: 7, nope: 1 })).toEqual({
      cpu_max_percent: 'Enter a value from 0 to 100.',
      nope: expect.stringContaining('Unknown threshold'),
    });
  });
});
