import { ec2Price, ec2Shape, ec2Types, type InstanceShape } from '../recommendations/catalogue';
import { candidateFamilies, cheapestFit } from '../recommendations/rightsizing';

/**
 * What Compute Copilot advises for one Auto Scaling group: spot for the on-demand capacity above a kept base
 * (over diversified types from the instance catalogue, so one spot pool's interruptions take few instances),
 * a smaller type for the launch template when the group's CPU leaves room, and scaling to the minimum outside
 * office hours when its load follows the clock. Money comes from the group instances' own bill; the catalogue
 * only sets ratios between types.
 */
export interface AsgAdviceInstance {
  type: string | null;
  lifecycle: string | null;
  /** Effective and on-demand cost per month from the instance's own bill lines. */
  monthlyEffective: number;
  monthlyOnDemand: number;
}

export interface AsgAdviceInput {
  region: string;
  minSize: number;
  desiredCapacity: number;
  launchTemplateType: string | null;
  mixedPolicy: { onDemandBaseCapacity: number; instanceTypes: string[] } | null;
  instances: AsgAdviceInstance[];
  /** The group's instances' CPU over the look-back, percent; null without metrics. */
  cpu: { avg: number; p95: number; max: number } | null;
  /** Spot's effective ÷ on-demand cost in the bill's own spot lines, null when the bill has none. */
  spotRatio: number | null;
}

export interface AsgAdviceItem {
  type: 'spot-adoption' | 'rightsizing' | 'scheduled-scaling';
  title: string;
  detail: string;
  monthlySaving: number;
  risk: 'low' | 'medium' | 'high';
  instanceTypes: string[];
  /** Spot: the on-demand instances kept as the policy's base. */
  onDemandBase: number | null;
  /** Rightsizing: the type the new one replaces. */
  fromType: string | null;
}

/** Spot's price ÷ on-demand when the bill shows no spot use (AWS's spot savings are commonly 60–70 %). */
export const DEFAULT_SPOT_RATIO = 0.4;
/**
 * An instance whose effective cost is below this share of on demand is covered by a commitment (reservations and
 * savings plans save 20 % or more; a negotiated discount of a few percent alone does not make it covered).
 */
const COVERED_BELOW = 0.85;
/** Types a spot recommendation diversifies over (interruptions hit pools, i.e. type and zone). */
const DIVERSIFY = 4;

/** Same vCPUs and memory, same architecture, current generation, at most 20 % dearer than `type` in the region. */
export function diversifiedTypes(type: string, region: string): string[] {
  const shape = ec2Shape(type);
  const price = ec2Price(type, region);
  if (shape === null || price === null) return [type];
  const family = type.split('.')[0] ?? '';
  const families = new Set(candidateFamilies(family, 'ec2'));
  const size = type.split('.')[1];
  const peers = ec2Types()
    .filter((t) => t !== type && families.has(t.split('.')[0] ?? '') && t.split('.')[1] === size)
    .flatMap((t) => {
      const s = ec2Shape(t);
      const p = ec2Price(t, region);
      const same = s?.vcpu === shape.vcpu && s.memoryGiB === shape.memoryGiB && s.arch === shape.arch;
      return s?.currentGeneration && same && p !== null && p <= price * 1.2 ? [{ t, p }] : [];
    })
    .sort((a, b) => a.p - b.p || a.t.localeCompare(b.t));
  return [type, ...peers.slice(0, DIVERSIFY - 1).map((x) => x.t)];
}

const commonest = (types: (string | null)[]) => {
  const counts = new Map<string, number>();
  for (const t of types) if (t !== null) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
};

/** Spot for the uncovered on-demand instances above the kept base, over diversified types. */
export function spotAdvice(input: AsgAdviceInput): AsgAdviceItem | null {
  if (input.desiredCapacity < 2) return null;
  const onDemand = input.instances
    .filter((i) => i.lifecycle !== 'spot')
    .filter((i) => i.monthlyOnDemand <= 0 || i.monthlyEffective / i.monthlyOnDemand >= COVERED_BELOW)
    .sort((a, b) => b.monthlyEffective - a.monthlyEffective);
  // Keep an on-demand base: the policy's, else the group's minimum (at least one instance).
  const base = Math.max(1, input.mixedPolicy?.onDemandBaseCapacity ?? input.minSize);
  const candidates = onDemand.slice(base);
  if (candidates.length === 0) return null;
  const type = input.launchTemplateType ?? commonest(input.instances.map((i) => i.type));
  if (type === null) return null;
  const types = diversifiedTypes(type, input.region);
  const ratio = input.spotRatio ?? DEFAULT_SPOT_RATIO;
  const saving = candidates.reduce((s, i) => s + i.monthlyEffective * (1 - ratio), 0);
  const source = input.spotRatio === null ? 'a typical spot discount' : "the bill's own spot lines";
  return {
    type: 'spot-adoption',
    title: `Run ${candidates.length} of ${input.instances.length} instances on spot`,
    detail: `Keep ${base} on-demand as the base and launch the rest as spot with price-capacity-optimized allocation over ${types.join(', ')}; spot priced at ${Math.round(ratio * 100)} % of on demand from ${source}.`,
    monthlySaving: saving,
    risk: types.length >= 3 ? 'low' : 'medium',
    instanceTypes: types,
    onDemandBase: base,
    fromType: null,
  };
}

/** The cheapest type that holds the group's CPU with headroom, for its launch template. */
export function rightsizeAdvice(input: AsgAdviceInput): AsgAdviceItem | null {
  const type = input.launchTemplateType ?? commonest(input.instances.map((i) => i.type));
  const shape: InstanceShape | null = type === null ? null : ec2Shape(type);
  const price = type === null ? null : ec2Price(type, input.region);
  if (input.cpu === null || shape === null || price === null || type === null) return null;
  const candidates = candidateFamilies(shape.family, 'ec2').flatMap((f) =>
    ec2Types()
      .filter((t) => t.startsWith(`${f}.`))
      .flatMap((t) => ec2Shape(t) ?? []),
  );
  const fit = cheapestFit({
    current: shape,
    currentPrice: price,
    candidates,
    priceOf: (t) => ec2Price(t, input.region),
    cpu: { avg: input.cpu.avg, p95: input.cpu.p95, max: input.cpu.max, points: 1 },
    memory: null,
    headroomPercent: 40,
    allowArm: false,
    memoryFloor: 0.5,
  });
  if (fit === null) return null;
  const ofType = input.instances.filter((i) => i.type === type);
  const saving = ofType.reduce((s, i) => s + i.monthlyEffective * (1 - fit.price / price), 0);
  if (saving <= 0) return null;
  return {
    type: 'rightsizing',
    title: `Launch ${fit.shape.type} instead of ${type}`,
    detail: `The group's CPU p95 is ${input.cpu.p95.toFixed(1)} %; on ${fit.shape.type} it would be about ${fit.cpuP95.toFixed(1)} %, within 60 %. Change the launch template's type (and the policy's overrides).`,
    monthlySaving: saving,
    risk: fit.cpuMax > 80 ? 'medium' : 'low',
    instanceTypes: [fit.shape.type],
    onDemandBase: null,
    fromType: type,
  };
}

/** Weekday office hours a scheduled group keeps its capacity: 08:00–20:00 unless the rule's settings say else. */
export const OFFICE_DAY = { start: 8, end: 20 } as const;

/** The average under this share of the busy hours' p95: load that follows the clock. */
export const CLOCK_LOAD_BELOW = 0.6;

/** The instances a scheduled group keeps outside office hours: its minimum, at least one. */
export const scheduleKeep = (input: Pick<AsgAdviceInput, 'minSize'>) => Math.max(1, input.minSize);

export function scheduleAdvice(
  input: AsgAdviceInput,
  day: { start: number; end: number } = OFFICE_DAY,
): AsgAdviceItem | null {
  const keep = scheduleKeep(input);
  if (input.cpu === null || input.desiredCapacity <= keep) return null;
  // Load that follows the clock: the average sits well under the busy hours' p95.
  if (!(input.cpu.avg < input.cpu.p95 * CLOCK_LOAD_BELOW)) return null;
  const share = (input.desiredCapacity - keep) / input.desiredCapacity;
  const monthly = input.instances.reduce((s, i) => s + i.monthlyEffective, 0);
  const office = 5 * (day.end - day.start);
  const saving = monthly * share * (1 - office / 168);
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return {
    type: 'scheduled-scaling',
    title: `Scale to ${keep} outside office hours`,
    detail: `CPU averages ${input.cpu.avg.toFixed(1)} % against a p95 of ${input.cpu.p95.toFixed(1)} %: keep ${input.desiredCapacity} from ${hh(day.start)} to ${hh(day.end)} on weekdays and ${keep} otherwise (two scheduled actions of the group).`,
    monthlySaving: saving,
    risk: 'medium',
    instanceTypes: [],
    onDemandBase: null,
    fromType: null,
  };
}

export function asgAdvice(input: AsgAdviceInput): AsgAdviceItem[] {
  return [spotAdvice(input), rightsizeAdvice(input), scheduleAdvice(input)].filter(
    (a): a is AsgAdviceItem => a !== null && a.monthlySaving > 0,
  );
}
