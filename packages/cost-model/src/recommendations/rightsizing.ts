import type { InstanceShape } from './catalogue';
import type { MetricSummary } from './rule-kit';

/** Families a rightsizing may move to, by workload class (the family's letter); burstable t only from t. */
const EC2_FAMILIES: Record<string, readonly string[]> = {
  m: ['m5', 'm5a', 'm6i', 'm6a', 'm6g', 'm7i', 'm7a', 'm7g'],
  c: ['c5', 'c5a', 'c6i', 'c6a', 'c6g', 'c7i', 'c7a', 'c7g'],
  r: ['r5', 'r5a', 'r6i', 'r6a', 'r6g', 'r7i', 'r7a', 'r7g'],
  t: ['t3', 't3a', 't4g'],
};
const RDS_FAMILIES: Record<string, readonly string[]> = {
  m: ['m5', 'm6g', 'm6i'],
  r: ['r5', 'r6g', 'r6i'],
  t: ['t3', 't4g'],
};

export function candidateFamilies(family: string, service: 'ec2' | 'rds'): readonly string[] {
  const table = service === 'ec2' ? EC2_FAMILIES : RDS_FAMILIES;
  return table[family[0] ?? ''] ?? [];
}

export interface Fit {
  shape: InstanceShape;
  price: number;
  /** Projected p95 and max CPU (and memory) on the target, percent. */
  cpuP95: number;
  cpuMax: number;
  memP95: number | null;
  memMax: number | null;
}

/**
 * The cheapest smaller shape that carries the observed load: projected p95 within 100 − headroom percent and
 * the observed peak within 100 % (never below observed peaks), for CPU and, when collected, memory. Load scales
 * with vCPU and memory (a Graviton or newer core counted as one core: conservative). Without memory metrics the
 * target keeps at least `memoryFloor` of the memory.
 */
export function cheapestFit(args: {
  current: InstanceShape;
  currentPrice: number;
  candidates: readonly InstanceShape[];
  priceOf: (type: string) => number | null;
  cpu: MetricSummary;
  memory: MetricSummary | null;
  headroomPercent: number;
  allowArm: boolean;
  /** Without memory metrics, the least share of the current memory a target may have. */
  memoryFloor: number;
}): Fit | null {
  const { current, cpu, memory } = args;
  const target = 100 - args.headroomPercent;
  let best: Fit | null = null;
  for (const shape of args.candidates) {
    if (shape.vcpu >= current.vcpu && shape.memoryGiB >= current.memoryGiB) continue;
    if (!shape.currentGeneration) continue;
    // Without memory metrics only CPU is evidence: the target must have fewer vCPUs, and keep `memoryFloor`.
    if (
      memory === null &&
      (shape.vcpu >= current.vcpu || shape.memoryGiB < current.memoryGiB * args.memoryFloor)
    )
      continue;
    if (
      shape.arch !== current.arch &&
      !(args.allowArm && shape.arch === 'arm64' && current.arch === 'x86_64')
    )
      continue;
    const price = args.priceOf(shape.type);
    if (price === null || price >= args.currentPrice) continue;
    const cpuRatio = current.vcpu / shape.vcpu;
    const memRatio = current.memoryGiB / shape.memoryGiB;
    const fit: Fit = {
      shape,
      price,
      cpuP95: cpu.p95 * cpuRatio,
      cpuMax: cpu.max * cpuRatio,
      memP95: memory === null ? null : memory.p95 * memRatio,
      memMax: memory === null ? null : memory.max * memRatio,
    };
    if (fit.cpuP95 > target || fit.cpuMax > 100) continue;
    if (fit.memP95 !== null && fit.memMax !== null && (fit.memP95 > target || fit.memMax > 100)) continue;
    if (best === null || price < best.price || (price === best.price && shape.type < best.shape.type))
      best = fit;
  }
  return best;
}
