import { describe, expect, it } from 'vitest';
import { ec2Price } from './catalogue';
import { evaluateResource, ruleOf, thresholdErrors } from './engine';
import type { MetricSummary, ResourceCost, RuleInput, RuleResource } from './rule-kit';

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
      costOf: () => null,
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
    expect(outcomeOf(input(volume(7)), 'ebs-unattached')?.outcome).toBe('violated');
    expect(outcomeOf(input(volume(6)), 'ebs-unattached')?.outcome).toBe('passed');
    const silent = { 'ebs-read-ops': summary(0, 0, 0, 168), 'ebs-write-ops': summary(0, 0, 0, 168) };
    expect(outcomeOf(input(volume(0), { metrics: silent }), 'ebs-unattached')?.outcome).toBe('violated');
  });

  it('gp2 saves the gp3 share of the bill, and gives way to an unattached finding', () => {
    const gp2 = resource('ebs-volume', 'vol-2', 'in-use', { volumeType: 'gp2', sizeGiB: 100 });
    const out = outcomeOf(input(gp2), 'ebs-gp2-to-gp3');
    expect(out?.outcome === 'violated' && out.saving.effective).toBeCloseTo(20, 6);
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
    expect(out?.outcome === 'violated' && out.saving).toMatchObject({ onDemand: 8, basis: 'catalogue' });
    expect(
      outcomeOf(input({ ...stopped, stateSince: ago(29) }, { others: [vol] }), 'ec2-stopped-with-volumes')
        ?.outcome,
    ).toBe('passed');
    expect(outcomeOf(input(stopped), 'ec2-stopped-with-volumes')?.outcome).toBe('passed');
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
