import type { ConvertibleAnalysis, ConvertibleQuery } from '@finlens/contracts/commitments';
import { isCommitmentEligible } from '@finlens/cost-model/commitments/eligibility';
import {
  type ConvertibleReservation,
  exchangeQuote,
  remainingValue,
} from '@finlens/cost-model/commitments/exchange';
import { normalisationFactor } from '@finlens/cost-model/commitments/normalisation';
import type { WarehouseCommitmentRow as Row } from '../../warehouse/cost-query/commitment-rows';
import type { BillInventory, BillReservation } from './commitment-inventory';
import { instanceTypeOf } from './reservation-analysis';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * The convertible reservations used less than `utilisation_below`, each with its remaining value and the exchange
 * that would cover its use and the on-demand use of its service and region (`onDemand`: lastMonthOnDemand).
 */
export function convertibleResults(
  inventory: Pick<BillInventory, 'as_of' | 'reservations'>,
  onDemand: readonly OnDemandUse[],
  query: Pick<ConvertibleQuery, 'utilisation_below'>,
): ConvertibleAnalysis['results'] {
  const asOf = new Date(inventory.as_of);
  return inventory.reservations
    .filter((r) => r.offering_class === 'convertible' && (r.utilisation ?? 0) < query.utilisation_below)
    .map((r) => {
      const source =
        r.start !== null && r.end !== null
          ? {
              count: r.count,
              upfront: r.count > 0 ? r.upfront_value / r.count : 0,
              recurringHourly: r.recurring_hourly_per_instance,
              term: { start: new Date(r.start), end: new Date(r.end) },
            }
          : null;
      return {
        arn: r.arn,
        instance_type: r.instance_type,
        region: r.region,
        count: r.count,
        utilisation: r.utilisation,
        remaining_value: source === null ? 0 : remainingValue(source, asOf),
        end: r.end,
        exchange: source === null ? null : exchangeOf(r, source, onDemand, asOf),
      };
    });
}

export interface OnDemandUse {
  service: string | null;
  region: string | null;
  instanceType: string;
  unitsPerHour: number;
}

/** On-demand instance use per service, region and instance type over the bill's last month, in normalised units/h. */
export function lastMonthOnDemand(rows: readonly Row[], newest: string): OnDemandUse[] {
  const month = newest.slice(0, 7);
  const hours = (Date.parse(newest) + DAY_MS - Date.parse(`${month}-01T00:00:00Z`)) / HOUR_MS;
  const uses = new Map<string, OnDemandUse>();
  for (const row of rows) {
    if (row.billingPeriod !== month || row.lineItemType !== 'Usage' || !isCommitmentEligible(row)) continue;
    const instanceType = instanceTypeOf(row);
    const factor = instanceType ? normalisationFactor(instanceType) : null;
    if (instanceType === undefined || factor === null) continue;
    const key = [row.productCode, row.region, instanceType].join('|');
    const use = uses.get(key) ?? {
      service: row.productCode,
      region: row.region,
      instanceType,
      unitsPerHour: 0,
    };
    use.unitsPerHour += (row.normalizedUsageAmount ?? (row.usageAmount ?? 0) * factor) / hours;
    uses.set(key, use);
  }
  return [...uses.values()];
}

/**
 * The exchange of an under-used convertible reservation for the instance type of its service and region that
 * runs most on demand, sized to cover what it is used for plus that use, valued at its own price per normalised
 * unit-hour; the value rule may ask for more instances (the true-up is paid upfront).
 */
function exchangeOf(
  r: BillReservation,
  source: ConvertibleReservation,
  onDemand: readonly OnDemandUse[],
  asOf: Date,
): ConvertibleAnalysis['results'][number]['exchange'] {
  const reservedUnits = r.normalised_units_per_hour;
  if (reservedUnits === null || !(reservedUnits > 0) || r.instance_type === null) return null;
  const used = reservedUnits * (r.utilisation ?? 0);
  const target = onDemand
    .filter((u) => u.service === r.service && u.region === r.region)
    .sort((a, b) => b.unitsPerHour - a.unitsPerHour)[0];
  const targetType = target?.instanceType ?? r.instance_type;
  const unitsPerInstance = normalisationFactor(targetType);
  if (unitsPerInstance === null) return null;
  const termHours = (source.term.end.getTime() - source.term.start.getTime()) / HOUR_MS;
  const perUnitHour = (source.count * (source.upfront / termHours + source.recurringHourly)) / reservedUnits;
  if (!(perUnitHour > 0)) return null;
  const wanted = used + (target?.unitsPerHour ?? 0);
  const quote = exchangeQuote(
    [source],
    { unitsPerInstance, hourlyValue: perUnitHour * unitsPerInstance },
    wanted,
    asOf,
  );
  const newUnits = quote.instances * unitsPerInstance;
  return {
    target_instance_type: targetType,
    wanted_units_per_hour: wanted,
    instances: quote.instances,
    minimum_instances: quote.minimumInstances,
    new_value: quote.newValue,
    true_up: quote.trueUp,
    remaining_hours: quote.remainingHours,
    utilisation_before: r.utilisation,
    utilisation_after: ratio(Math.min(wanted, newUnits), newUnits),
    coverage_before: ratio(used, wanted),
    coverage_after: ratio(Math.min(wanted, newUnits), wanted),
  };
}
