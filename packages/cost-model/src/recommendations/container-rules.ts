import {
  CONTAINER_RIGHTSIZING_HEADROOM,
  CONTAINER_RIGHTSIZING_LOOKBACK_DAYS,
} from '@finlens/contracts/containers';
import type { FactEvidence } from '@finlens/contracts/recommendations';
import { monthly, type RequestRecommendation, RIGHTSIZED_MARGIN, recommendRequest } from '../kubernetes-cost';
import {
  fact,
  minHours,
  missingMetrics,
  money,
  notApplicable,
  passed,
  type RuleDefinition,
  type RuleOutcome,
  type Thresholds,
  type Violation,
} from './rule-kit';

/** One resource's use by a workload over the look-back (the warehouse's workload-hour rollup). */
export interface WorkloadUse {
  podHours: number;
  reserved: number;
  actual: number;
  splitUsage: number;
  /** Rows that carry a used amount (split cost data without usage figures has none). */
  usedRows: number;
  rows: number;
  /** Hourly values (one per day for a bill exported per day) and the hours they cover. */
  hours: number;
  coveredHours: number;
  p95: number;
  peak: number;
  /** Split cost at the effective rate (net amortized: the node's cost at the rates paid) and on demand. */
  splitCost: number;
  onDemandSplitCost: number;
}

export interface WorkloadRuleInput {
  workload: {
    projectId: string;
    accountId: string;
    region: string;
    cluster: string;
    namespace: string;
    kind: string | null;
    controller: string;
  };
  /** The look-back's first and last day and its length in days. */
  window: { start_date: string; end_date: string; days: number };
  cpu: WorkloadUse;
  memory: WorkloadUse;
}

/** The id a workload goes by in recommendations, ledger entries and the rightsizing page. */
export const workloadId = (
  w: Pick<WorkloadRuleInput['workload'], 'cluster' | 'namespace' | 'kind' | 'controller'>,
) => [w.cluster, w.namespace, w.kind ?? '(none)', w.controller].join('/');

/**
 * A workload's resource key: its account and id. Two accounts of one project may run same-named clusters, so a
 * finding, its ledger entry and the page's link to it go by this, not by the id alone.
 */
export const workloadKey = (accountId: string, id: string) => `${accountId}|${id}`;

/** A workload id's parts (ids are cluster/namespace/kind/name; none of them holds a slash). */
export function parseWorkloadId(
  id: string,
): { cluster: string; namespace: string; kind: string | null; controller: string } | null {
  const parts = id.split('/');
  if (parts.length !== 4 || parts.some((p) => p === '')) return null;
  const [cluster, namespace, kind, controller] = parts as [string, string, string, string];
  return { cluster, namespace, kind: kind === '(none)' ? null : kind, controller };
}

/** One resource's request against its use; null when its rows carry no used amount (nothing to judge by). */
export function adviseRequest(
  resource: 'cpu' | 'memory',
  use: WorkloadUse,
  headroom: number,
  minCut = RIGHTSIZED_MARGIN,
): RequestRecommendation | null {
  return use.usedRows === 0 ? null : recommendRequest({ resource, ...use }, headroom, minCut);
}

const THRESHOLDS = [
  {
    key: 'headroom_percent',
    label: 'Headroom above the p95',
    unit: 'percent',
    default: CONTAINER_RIGHTSIZING_HEADROOM,
    min: 0,
    max: 100,
  },
  {
    key: 'min_cut_percent',
    label: 'Least cut of a request',
    unit: 'percent',
    default: RIGHTSIZED_MARGIN * 100,
    min: 1,
    max: 90,
  },
  {
    key: 'lookback_days',
    label: 'Look-back',
    unit: 'days',
    default: CONTAINER_RIGHTSIZING_LOOKBACK_DAYS,
    min: 1,
    max: 90,
  },
  minHours,
  {
    key: 'min_monthly_saving',
    label: 'Least saving',
    unit: 'USD per month',
    default: 1,
    min: 0,
    max: 10_000,
  },
] as const;

const UNIT = { cpu: 'vCPU', memory: 'GB' } as const;
const amount = (value: number, resource: 'cpu' | 'memory') =>
  `${Number(value.toFixed(value < 10 ? 3 : 1))} ${UNIT[resource]}`;

function resourceFacts(
  resource: 'cpu' | 'memory',
  r: RequestRecommendation,
  use: WorkloadUse,
  t: Thresholds,
): FactEvidence[] {
  const name = resource === 'cpu' ? 'CPU' : 'Memory';
  const unit = UNIT[resource];
  const round = (v: number) => Number(v.toFixed(4));
  return [
    fact(`${resource}_request`, `${name} request per pod (${unit})`, round(r.requested)),
    fact(`${resource}_average`, `${name} average use per pod (${unit})`, round(r.averageUsage)),
    fact(`${resource}_p95`, `${name} p95 of the busiest pod per hour (${unit})`, round(r.p95Usage), {
      key: 'headroom_percent',
      value: t.headroom_percent ?? CONTAINER_RIGHTSIZING_HEADROOM,
    }),
    fact(`${resource}_peak`, `${name} peak of one pod in one hour (${unit})`, round(r.peakUsage)),
    fact(`${resource}_recommended`, `${name} recommended request (${unit})`, r.recommended, {
      key: 'min_cut_percent',
      value: t.min_cut_percent ?? RIGHTSIZED_MARGIN * 100,
    }),
    fact(`${resource}_hours`, `${name} hourly values`, use.hours),
  ];
}

/**
 * Container request rightsizing (issue 24 item 3; anchors: Kubernetes Vertical Pod Autoscaler, Kubecost request
 * sizing, AWS Compute Optimizer's 14-day look-back and 20 % headroom): per workload, each pod's CPU and memory
 * requests against the p95 of its busiest pod's hourly use plus headroom, never below the peak. The saving is the
 * split cost the smaller requests stop taking — the node's cost share at the rates actually paid (net amortized),
 * on-demand beside it. Workloads are not inventory resources: the evaluation runs `checkWorkload` over the split
 * cost data's workloads, and `check` answers not-applicable for every collected resource.
 */
export const containerRightsizing: RuleDefinition & {
  checkWorkload(input: WorkloadRuleInput, t: Thresholds): RuleOutcome;
} = {
  key: 'container-rightsizing',
  kinds: [],
  description:
    "A Kubernetes workload's pods request more CPU or memory than the p95 of their hourly use plus headroom (never below the peak).",
  anchor: 'Kubernetes Vertical Pod Autoscaler, Kubecost request sizing, AWS Compute Optimizer',
  thresholds: THRESHOLDS,
  check: () => notApplicable('Container workloads are judged from the split cost data, not the inventory.'),
  checkWorkload(input, t) {
    const { cpu, memory, window } = input;
    const days = window.days;
    if (cpu.podHours + memory.podHours === 0)
      return missingMetrics('No split cost allocation rows for this workload in the look-back.');
    if (cpu.usedRows + memory.usedRows === 0)
      return missingMetrics(
        'The split cost allocation rows carry no used vCPU or memory for this workload: without use, requests cannot be judged.',
      );
    const covered = Math.max(cpu.coveredHours, memory.coveredHours);
    const needed = t.min_hours ?? minHours.default;
    if (covered < needed)
      return missingMetrics(`${covered} hours of use in the look-back; ${needed} are needed.`);
    const headroom = (t.headroom_percent ?? CONTAINER_RIGHTSIZING_HEADROOM) / 100;
    const minCut = (t.min_cut_percent ?? RIGHTSIZED_MARGIN * 100) / 100;
    const cpuAdvice = adviseRequest('cpu', cpu, headroom, minCut);
    const memoryAdvice = adviseRequest('memory', memory, headroom, minCut);
    const evidence = {
      start_date: window.start_date,
      end_date: window.end_date,
      metrics: [],
      facts: [
        ...(cpuAdvice === null ? [] : resourceFacts('cpu', cpuAdvice, cpu, t)),
        ...(memoryAdvice === null ? [] : resourceFacts('memory', memoryAdvice, memory, t)),
      ],
    };
    const candidates: ['cpu' | 'memory', RequestRecommendation | null, WorkloadUse][] = [
      ['cpu', cpuAdvice, cpu],
      ['memory', memoryAdvice, memory],
    ];
    const changes = candidates.filter(
      (c): c is ['cpu' | 'memory', RequestRecommendation, WorkloadUse] =>
        (c[1]?.recommended ?? null) !== null,
    );
    if (changes.length === 0)
      return passed(
        'Every request is within the least cut of its p95 plus headroom, or below its peak.',
        evidence,
      );
    const effective = monthly(
      changes.reduce((sum, [, r]) => sum + r.windowSaving, 0),
      days,
    );
    const onDemand = monthly(
      changes.reduce((sum, [, r, use]) => sum + use.onDemandSplitCost * r.freedShare, 0),
      days,
    );
    const least = t.min_monthly_saving ?? 1;
    if (effective < least)
      return passed(
        `The smaller requests would save ${money(effective)} a month, under ${money(least)}.`,
        evidence,
      );
    const w = input.workload;
    const what = changes.map(([resource, r]) => `${amount(r.recommended ?? 0, resource)}`).join(' and ');
    const daily =
      covered > 0 &&
      Math.max(cpu.hours, memory.hours) > 0 &&
      covered / Math.max(cpu.hours, memory.hours) > 1.5;
    const mightBeWrong = [
      'Smaller requests free node capacity, but the bill drops only when the node group scales in (Cluster Autoscaler or Karpenter); until then the freed share shows as idle cost.',
      'A HorizontalPodAutoscaler that scales on utilisation measures it against the request: a smaller request raises the utilisation it sees and may add replicas, so lower its target along with the request.',
      ...(daily
        ? [
            'The bill is exported per day, so each value is a day’s average: spikes within a day do not show, and the p95 and peak understate the busiest hour.',
          ]
        : []),
      ...(cpu.usedRows < cpu.rows || memory.usedRows < memory.rows
        ? ['Some split cost rows carry no used amount; the p95 counts them as no use.']
        : []),
      ...(changes.some(([resource]) => resource === 'memory')
        ? [
            'Memory limits are not in the bill: a pod whose use grows past a limit set at the new request is killed (OOMKilled), where a CPU limit only throttles it.',
          ]
        : []),
    ];
    const target: Record<string, number> = {};
    for (const [resource, r] of changes)
      target[resource === 'cpu' ? 'cpu_request_vcpu' : 'memory_request_gb'] = r.recommended ?? 0;
    const violation: Violation = {
      outcome: 'violated',
      title: `Lower the requests of ${w.controller} to ${what} per pod`,
      evidence,
      saving: {
        effective,
        onDemand,
        current: monthly(cpu.splitCost + memory.splitCost, days),
        basis: 'bill',
      },
      risk: changes.some(([resource]) => resource === 'memory') ? 'medium' : 'low',
      action: {
        kind: 'modify',
        description: `Set the ${changes.map(([resource]) => (resource === 'cpu' ? 'CPU' : 'memory')).join(' and ')} request of each pod of ${w.kind ?? 'workload'} ${w.namespace}/${w.controller} to ${what}`,
        target,
        reversible: true,
      },
      mightBeWrong,
      resourceType: w.kind,
    };
    return violation;
  },
};
