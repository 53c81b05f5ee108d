import { describe, expect, it } from 'vitest';
import {
  containerRightsizing,
  parseWorkloadId,
  type WorkloadRuleInput,
  type WorkloadUse,
  workloadId,
} from './container-rules';
import { thresholdsOf } from './engine';

const t = thresholdsOf(containerRightsizing, undefined);

/** 14 days of hourly rows of 2 pods, each requesting `request` and whose busiest pod's p95 and peak are given. */
function use(request: number, p95: number, peak: number, over: Partial<WorkloadUse> = {}): WorkloadUse {
  const podHours = 2 * 14 * 24;
  return {
    podHours,
    reserved: request * podHours,
    actual: (p95 / 2) * podHours,
    splitUsage: request * podHours,
    usedRows: podHours,
    rows: podHours,
    hours: 14 * 24,
    coveredHours: 14 * 24,
    p95,
    peak,
    splitCost: 140,
    onDemandSplitCost: 200,
    ...over,
  };
}

function input(cpu: WorkloadUse, memory: WorkloadUse): WorkloadRuleInput {
  return {
    workload: {
      projectId: 'p',
      accountId: '111122223333',
      region: 'us-east-1',
      cluster: 'prod',
      namespace: 'checkout',
      kind: 'Deployment',
      controller: 'checkout-worker',
    },
    window: { start_date: '2026-03-18', end_date: '2026-03-31', days: 14 },
    cpu,
    memory,
  };
}

const fits = use(2, 1.8, 1.9); // memory: 2 GB requested, 1.8 p95, 1.9 peak — nothing to cut

describe('container-rightsizing', () => {
  it('recommends the p95 plus 20 % headroom, never below the peak, saving the freed split cost per average month', () => {
    const outcome = containerRightsizing.checkWorkload(input(use(1, 0.3, 0.35), fits), t);
    expect(outcome.outcome).toBe('violated');
    if (outcome.outcome !== 'violated') return;
    // 0.3 × 1.2 = 0.36 → 0.4 vCPU (the peak 0.35 is below): 60 % of the split usage freed.
    expect(outcome.action.target).toEqual({ cpu_request_vcpu: 0.4 });
    expect(outcome.title).toBe('Lower the requests of checkout-worker to 0.4 vCPU per pod');
    expect(outcome.saving.effective).toBeCloseTo(((140 * 0.6) / 14) * 30.4375, 9);
    expect(outcome.saving.onDemand).toBeCloseTo(((200 * 0.6) / 14) * 30.4375, 9);
    expect(outcome.saving.current).toBeCloseTo((280 / 14) * 30.4375, 9);
    expect(outcome.risk).toBe('low');
    const facts = Object.fromEntries(outcome.evidence.facts.map((f) => [f.key, f]));
    expect(facts.cpu_p95).toMatchObject({ value: 0.3, threshold_key: 'headroom_percent', threshold: 20 });
    expect(facts.cpu_recommended).toMatchObject({
      value: 0.4,
      threshold_key: 'min_cut_percent',
      threshold: 10,
    });
    expect(facts.cpu_peak?.value).toBe(0.35);
    // A spike: the peak is the floor.
    const spiky = containerRightsizing.checkWorkload(input(use(1, 0.3, 0.62), fits), t);
    expect(spiky.outcome === 'violated' && spiky.action.target).toEqual({ cpu_request_vcpu: 0.65 });
  });

  it('fires at exactly the least cut and not below it', () => {
    // 0.75 × 1.2 = 0.9: exactly 10 % below the 1 vCPU request.
    const at = containerRightsizing.checkWorkload(input(use(1, 0.75, 0.75), fits), t);
    expect(at.outcome).toBe('violated');
    expect(at.outcome === 'violated' && at.action.target).toEqual({ cpu_request_vcpu: 0.9 });
    expect(containerRightsizing.checkWorkload(input(use(1, 0.76, 0.76), fits), t).outcome).toBe('passed');
    // The least saving: 0.9 saves $30.44 a month; at $31 it passes.
    const dear = containerRightsizing.checkWorkload(input(use(1, 0.75, 0.75), fits), {
      ...t,
      min_monthly_saving: 31,
    });
    expect(dear).toMatchObject({
      outcome: 'passed',
      reason: expect.stringMatching(/\$30\.44 a month, under \$31\.00/),
    });
  });

  it('passes a workload at its peak', () => {
    const busy = containerRightsizing.checkWorkload(input(use(1, 0.5, 1), use(2, 1, 2)), t);
    expect(busy.outcome).toBe('passed');
    expect(busy.evidence?.facts.find((f) => f.key === 'cpu_peak')?.value).toBe(1);
  });

  it('is missing metrics without usage figures, rows, or enough hours', () => {
    const noUse = use(1, 0, 0, { usedRows: 0 });
    expect(containerRightsizing.checkWorkload(input(noUse, { ...fits, usedRows: 0 }), t)).toMatchObject({
      outcome: 'missing-metrics',
      reason: expect.stringMatching(/no used vCPU or memory/),
    });
    const none = use(0, 0, 0, { podHours: 0, usedRows: 0, rows: 0, hours: 0, coveredHours: 0 });
    expect(containerRightsizing.checkWorkload(input(none, none), t).outcome).toBe('missing-metrics');
    const short = use(1, 0.3, 0.35, { coveredHours: 29, hours: 29 });
    expect(containerRightsizing.checkWorkload(input(short, { ...fits, coveredHours: 29 }), t)).toMatchObject({
      outcome: 'missing-metrics',
      reason: '29 hours of use in the look-back; 30 are needed.',
    });
    // Memory without usage figures is left alone; CPU is still judged.
    const cpuOnly = containerRightsizing.checkWorkload(
      input(use(1, 0.3, 0.35), use(4, 0, 0, { usedRows: 0 })),
      t,
    );
    expect(cpuOnly.outcome === 'violated' && cpuOnly.action.target).toEqual({ cpu_request_vcpu: 0.4 });
  });

  it('says a memory cut risks OOM kills, and that a daily bill hides spikes within a day', () => {
    const daily = { hours: 14, coveredHours: 14 * 24 };
    const outcome = containerRightsizing.checkWorkload(
      input(use(1, 0.3, 0.35, daily), use(4, 1, 1.2, daily)),
      t,
    );
    expect(outcome.outcome).toBe('violated');
    if (outcome.outcome !== 'violated') return;
    expect(outcome.action.target).toEqual({ cpu_request_vcpu: 0.4, memory_request_gb: 1.25 });
    expect(outcome.risk).toBe('medium');
    expect(outcome.mightBeWrong.join(' ')).toMatch(/OOMKilled/);
    expect(outcome.mightBeWrong.join(' ')).toMatch(/exported per day/);
    expect(outcome.resourceType).toBe('Deployment');
  });

  it('names workloads by cluster/namespace/kind/name and reads the name back', () => {
    const w = input(fits, fits).workload;
    expect(workloadId(w)).toBe('prod/checkout/Deployment/checkout-worker');
    expect(parseWorkloadId(workloadId(w))).toEqual({
      cluster: 'prod',
      namespace: 'checkout',
      kind: 'Deployment',
      controller: 'checkout-worker',
    });
    expect(parseWorkloadId(workloadId({ ...w, kind: null }))?.kind).toBeNull();
    expect(parseWorkloadId('prod/checkout')).toBeNull();
    expect(containerRightsizing.check({} as never, t).outcome).toBe('not-applicable');
  });
});
