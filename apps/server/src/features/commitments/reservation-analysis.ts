import type { PurchaseAnalysisQuery, ReservationAnalysis } from '@finlens/contracts/commitments';
import { reservationMonths, savingsPlanMonths } from '@finlens/cost-model/commitments/cur-commitments';
import { isCommitmentEligible } from '@finlens/cost-model/commitments/eligibility';
import { hourlyCurve, withoutRemovedSpend } from '@finlens/cost-model/commitments/hourly-curve';
import { reservationInventory, savingsPlanInventory } from '@finlens/cost-model/commitments/inventory';
import { instanceFamily, normalisationFactor } from '@finlens/cost-model/commitments/normalisation';
import {
  type RateOverride,
  reservationRateKind,
  tableRate,
} from '@finlens/cost-model/commitments/rate-table';
import { optimiseReservation } from '@finlens/cost-model/commitments/reservation-optimiser';
import { splitRules, type UsageSplit } from '@finlens/cost-model/commitments/reservation-split';
import type { WarehouseCommitmentRow as Row } from '../../warehouse/cost-query/commitment-rows';
import { chosenRate, spreadOverHours } from './purchase-rates';
import { type CurveCut, removedPerHour } from './schedule-what-if';

const sum = (values: Iterable<number>) => [...values].reduce((s, v) => s + v, 0);
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The instance type of an instance-hours usage type (`BoxUsage:m5.large` → `m5.large`). */
export const instanceTypeOf = (row: Row) => /:(.+)$/.exec(row.usageType ?? '')?.[1];

const splitOf = (row: Row): UsageSplit => ({
  operatingSystem: row.operatingSystem,
  tenancy: row.tenancy,
  licenceModel: row.licenceModel,
});
const splitKey = (service: string | null, split: UsageSplit) =>
  [service, split.operatingSystem, split.tenancy, split.licenceModel].join('|');

interface FamilyUse {
  service: string;
  region: string | null;
  /** The family it flexes within, or the instance type itself where the split is not size-flexible. */
  family: string;
  split: UsageSplit;
  sizeFlexible: boolean;
  rows: { row: Row; units: number }[];
  unitsByType: Map<string, number>;
  units: number;
  onDemandCost: number;
}

/**
 * Eligible on-demand instance hours per service, region, split (operating system or engine, tenancy, licence) and
 * family, in normalised units (the bill's `NormalizedUsageAmount`, else usage × the size's factor; rows of
 * neither are left out). A split that is not size-flexible keeps one curve per instance type.
 */
function familyUses(rows: readonly Row[]): FamilyUse[] {
  const uses = new Map<string, FamilyUse>();
  for (const row of rows) {
    if (row.lineItemType !== 'Usage' || !isCommitmentEligible(row) || row.productCode === null) continue;
    const type = instanceTypeOf(row);
    if (type === undefined) continue;
    const factor = normalisationFactor(type);
    const billed = row.normalizedUsageAmount;
    const units =
      billed !== null && billed > 0 ? billed : factor === null ? null : (row.usageAmount ?? 0) * factor;
    if (units === null) continue;
    const split = splitOf(row);
    const { sizeFlexible } = splitRules(row.productCode, split);
    const family = sizeFlexible ? instanceFamily(type) : type;
    const key = [splitKey(row.productCode, split), row.region, family].join('|');
    const use: FamilyUse = uses.get(key) ?? {
      service: row.productCode,
      region: row.region,
      family,
      split,
      sizeFlexible,
      rows: [],
      unitsByType: new Map(),
      units: 0,
      onDemandCost: 0,
    };
    use.rows.push({ row, units });
    use.unitsByType.set(type, (use.unitsByType.get(type) ?? 0) + units);
    use.units += units;
    use.onDemandCost += row.publicOnDemandCost ?? 0;
    uses.set(key, use);
  }
  return [...uses.values()].sort(
    (a, b) => b.onDemandCost - a.onDemandCost || a.family.localeCompare(b.family),
  );
}

type Size = { type: string; factor: number };

/** The billed sizes of a curve that have a factor, most units first. */
function sizesOf(use: FamilyUse): Size[] {
  return [...use.unitsByType]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .flatMap(([type]) => {
      const factor = normalisationFactor(type);
      return factor === null ? [] : [{ type, factor }];
    });
}

/**
 * The size to buy `units` in: the most-used size when a whole number of it makes them, else the largest billed
 * size that does (the smallest always does: the units are a multiple of it). A size-flexible reservation covers
 * any size of its family alike, so 3 × m5.large serve where 1 × m5.xlarge would leave 4 units on demand.
 */
function sizeToBuy(sizes: readonly Size[], units: number): Size | null {
  const whole = (size: Size) => Math.abs(units / size.factor - Math.round(units / size.factor)) < 1e-9;
  const [mostUsed] = sizes;
  if (mostUsed === undefined || whole(mostUsed)) return mostUsed ?? null;
  return [...sizes].sort((a, b) => b.factor - a.factor).find(whole) ?? null;
}

/** Reservations of the asked term and payment option (of one service when named), by ARN. */
function reservationsOf(billRows: readonly Row[], query: PurchaseAnalysisQuery, service: string | null) {
  const years = Number(query.term.slice(0, 1));
  return new Map(
    reservationInventory(billRows, new Date())
      .filter(
        (r) =>
          r.termYears === years &&
          r.paymentOption === query.payment_option &&
          (service === null || r.service === service),
      )
      .map((r) => [r.arn, r]),
  );
}

/**
 * The reservations' rate ratio for the asked term and payment option (of one service when named) over the bill's
 * months: their used effective cost ÷ its on-demand equivalent.
 */
export function billReservationRatio(
  billRows: readonly Row[],
  query: PurchaseAnalysisQuery,
  service: string | null,
): number | null {
  const reservations = reservationsOf(billRows, query, service);
  const ri = reservationMonths(billRows).filter((m) => reservations.has(m.arn));
  return ratio(sum(ri.map((m) => m.usedEffectiveCost)), sum(ri.map((m) => m.onDemandEquivalent)));
}

/**
 * The rate ratio (commitment rate ÷ on-demand rate) the bill shows for the asked term and payment option: the
 * savings plans' covered effective cost ÷ its on-demand equivalent over the look-back, else the reservations'.
 */
export function billRateRatio(rows: readonly Row[], query: PurchaseAnalysisQuery): number | null {
  const plans = new Map(savingsPlanInventory(rows, new Date()).map((s) => [s.arn, s]));
  const sp = savingsPlanMonths(rows).filter((m) => {
    const plan = plans.get(m.arn);
    return plan?.term === query.term && plan.paymentOption === query.payment_option;
  });
  const fromPlans = ratio(
    sum(sp.map((m) => m.coveredEffectiveCost)),
    sum(sp.map((m) => m.onDemandEquivalent)),
  );
  if (fromPlans !== null) return fromPlans;
  return billReservationRatio(rows, query, null);
}

/**
 * The curve each scheduled (or recommended) resource belongs to: the first (costliest) of its service, region and
 * family — its instance type where the split is not size-flexible. The bill's resource lines name no operating
 * system, so a family run on demand under two splits gives the resource to the costlier one.
 */
function cutUses(uses: readonly FamilyUse[], stops: readonly CurveCut[]) {
  const owned = new Map<FamilyUse, CurveCut[]>();
  for (const stop of stops) {
    for (const r of stop.resources) {
      if (r.service === null || r.instanceType === null) continue;
      const type = r.instanceType;
      const use = uses.find(
        (u) =>
          u.service === r.service &&
          u.region === r.region &&
          u.family === (u.sizeFlexible ? instanceFamily(type) : type),
      );
      if (use === undefined) continue;
      const list = owned.get(use) ?? [];
      const mine = list.find((s) => s.id === stop.id);
      if (mine) mine.resources.push(r);
      else list.push({ ...stop, resources: [r] });
      owned.set(use, list);
    }
  }
  return owned;
}

/**
 * Reserved instances to buy per service, region, split and family (docs/commitments.md): the hourly units curve
 * of the look-back, the family's on-demand price per unit-hour, and the rate ratio of the account's reservations
 * of the service, term and payment option from their covered usage of the same split in the look-back (a Windows
 * reservation's rate is not a Linux one's), else the stated one, else the rate table's; the
 * savings plan optimiser over that curve, in steps of the smallest billed size, bought in the most-used size when
 * it makes the units whole (else the largest size that does).
 */
export function reservationResults({
  rows,
  billRows,
  window,
  query,
  overrides,
  stops = [],
  cuts = [],
}: {
  /** The look-back's rows by hour. */
  rows: readonly Row[];
  /** The bill's months (the reservations' inventory and their rates). */
  billRows: readonly Row[];
  window: { start: Date; end: Date };
  query: PurchaseAnalysisQuery;
  overrides: readonly RateOverride[];
  /** Enabled schedules to take out of the curves (their resources' hourly on-demand cost, as units). */
  stops?: readonly CurveCut[];
  /** Then recommendations not yet applied (their hourly on-demand saving, as units). */
  cuts?: readonly CurveCut[];
}): {
  results: ReservationAnalysis['results'];
  /** On-demand spend the schedules took out, then what the recommendations took out of what was left. */
  removedOnDemand: number;
  removedByRecommendations: number;
} {
  const reservations = reservationsOf(billRows, query, null);
  // Covered usage of the look-back per service and split: Σ effective cost and Σ its on-demand equivalent.
  const covered = new Map<string, { effective: number; onDemand: number }>();
  for (const row of rows) {
    if (row.lineItemType !== 'DiscountedUsage' || row.reservationArn === null) continue;
    if (!reservations.has(row.reservationArn)) continue;
    const key = splitKey(row.productCode, splitOf(row));
    const c = covered.get(key) ?? { effective: 0, onDemand: 0 };
    c.effective += row.reservationEffective ?? 0;
    c.onDemand += row.publicOnDemandCost ?? 0;
    covered.set(key, c);
  }
  const uses = familyUses(rows);
  const scheduled = cutUses(uses, stops);
  const recommended = cutUses(uses, cuts);
  let removedOnDemand = 0;
  let removedByRecommendations = 0;
  const results = uses.flatMap((use) => {
    const sizes = sizesOf(use);
    const [mostUsed] = sizes;
    if (mostUsed === undefined) return [];
    // Bought in steps of the smallest billed size (one size when not size-flexible: one type per curve).
    const step = Math.min(...sizes.map((size) => size.factor));
    const perUnit = ratio(use.onDemandCost, use.units);
    const billed = hourlyCurve(
      use.rows.flatMap(({ row, units }) => spreadOverHours(row, units)),
      window,
    );
    // A stopped resource's hourly on-demand cost, at the family's price per unit-hour, in units.
    const cut = (curve: number[], by: readonly CurveCut[] | undefined) =>
      perUnit === null || !(perUnit > 0) || by === undefined
        ? curve
        : withoutRemovedSpend(
            curve,
            removedPerHour(by, curve.length, (r) => r.hourlyOnDemand / perUnit),
          );
    const unscheduled = cut(billed, scheduled.get(use));
    const curve = cut(unscheduled, recommended.get(use));
    if (perUnit !== null) {
      removedOnDemand += (sum(billed) - sum(unscheduled)) * perUnit;
      removedByRecommendations += (sum(unscheduled) - sum(curve)) * perUnit;
    }
    const { tableRated } = splitRules(use.service, use.split);
    const same = covered.get(splitKey(use.service, use.split));
    const fromBill = same === undefined ? null : ratio(same.effective, same.onDemand);
    const kind = tableRated ? reservationRateKind(use.service) : null;
    const chosen = chosenRate(
      fromBill,
      query.rate_ratio,
      kind === null ? null : tableRate(kind, query.term, query.payment_option, overrides),
    );
    const rate = chosen.rate_ratio;
    // A rate of 0 (no effective cost on the bill) or no on-demand price gives nothing to weigh.
    const best =
      rate === null || !(rate > 0) || perUnit === null || !(perUnit > 0)
        ? null
        : optimiseReservation({
            hourlyUnits: curve,
            onDemandRatePerUnit: perUnit,
            reservedRatePerUnit: Math.min(rate, 1) * perUnit,
            unitsPerInstance: step,
          });
    const buy = (best === null ? null : sizeToBuy(sizes, best.normalisedUnits)) ?? mostUsed;
    return [
      {
        service: use.service,
        region: use.region,
        family: use.family,
        operating_system: use.split.operatingSystem,
        tenancy: use.split.tenancy,
        licence_model: use.split.licenceModel,
        size_flexible: use.sizeFlexible,
        instance_type: buy.type,
        units_per_instance: buy.factor,
        hourly_units: curve,
        on_demand_rate_per_unit: perUnit,
        ...chosen,
        recommendation:
          best === null
            ? null
            : {
                instances: Math.round(best.normalisedUnits / buy.factor),
                normalised_units: best.normalisedUnits,
                commitment: best.money.commitment,
                savings: best.money.savings,
                on_demand_cost: best.money.onDemandCost,
                break_even_utilisation: best.money.breakEvenUtilisation,
                expected_utilisation: best.money.expectedUtilisation,
                expected_coverage: best.money.expectedCoverage,
              },
      },
    ];
  });
  return { results, removedOnDemand, removedByRecommendations };
}
