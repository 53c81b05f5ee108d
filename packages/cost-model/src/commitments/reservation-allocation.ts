/**
 * Which usage a set of reservations covers in one hour, for what-if questions the bill cannot answer (a
 * reservation not bought yet, an exchange, scheduled hours removed). The bill's DiscountedUsage rows remain the
 * truth for what happened. AWS's order: the owning account before the others (only if the reservation is shared
 * across the organisation), zonal reservations before regional ones; a zonal or non-flexible reservation covers
 * its exact instance type, a size-flexible regional one covers normalised units of its family from the smallest
 * size up, and may cover part of an instance-hour.
 */
import { instanceFamily, normalisationFactor } from './normalisation';

export interface HourReservation {
  id: string;
  ownerAccount: string;
  /** Shared with the other accounts of the organisation (RI sharing on), or only the owner's. */
  shared: boolean;
  instanceType: string;
  region: string;
  /** Set for a zonal reservation (no size flexibility); null for a regional one. */
  availabilityZone: string | null;
  /** Regional Linux/Unix default-tenancy reservations flex within the family; Windows and others do not. */
  sizeFlexible: boolean;
  /** Reserved instances in this reservation. */
  count: number;
  /** Platform, tenancy … anything that must match exactly. */
  matchKey: string;
}

export interface HourUsage {
  id: string;
  account: string;
  instanceType: string;
  region: string;
  availabilityZone: string;
  matchKey: string;
  instanceHours: number;
}

export interface HourAllocation {
  /** Per usage id: normalised units and instance-hours covered. */
  usage: Map<string, { coveredUnits: number; coveredHours: number }>;
  /** Per reservation id: normalised units used and left unused this hour. */
  reservations: Map<string, { usedUnits: number; unusedUnits: number }>;
}

const factorOf = (instanceType: string) => normalisationFactor(instanceType) ?? 1;

function fits(r: HourReservation, u: HourUsage): boolean {
  if (r.region !== u.region || r.matchKey !== u.matchKey) return false;
  if (r.availabilityZone !== null)
    return r.availabilityZone === u.availabilityZone && r.instanceType === u.instanceType;
  if (!r.sizeFlexible) return r.instanceType === u.instanceType;
  return instanceFamily(r.instanceType) === instanceFamily(u.instanceType);
}

export function allocateReservationHour(
  reservations: readonly HourReservation[],
  usage: readonly HourUsage[],
): HourAllocation {
  const remaining = new Map(usage.map((u) => [u.id, u.instanceHours * factorOf(u.instanceType)]));
  const capacity = new Map(reservations.map((r) => [r.id, r.count * factorOf(r.instanceType)]));
  const bySize = [...usage].sort(
    (a, b) => factorOf(a.instanceType) - factorOf(b.instanceType) || a.id.localeCompare(b.id),
  );
  const ordered = [...reservations].sort((a, b) => a.id.localeCompare(b.id));
  const passes: [owner: boolean, zonal: boolean][] = [
    [true, true],
    [true, false],
    [false, true],
    [false, false],
  ];
  for (const [owner, zonal] of passes) {
    for (const r of ordered) {
      if ((r.availabilityZone !== null) !== zonal || (!owner && !r.shared)) continue;
      for (const u of bySize) {
        if ((u.account === r.ownerAccount) !== owner || !fits(r, u)) continue;
        const free = capacity.get(r.id) ?? 0;
        const need = remaining.get(u.id) ?? 0;
        // Same type or same family: either way the units are comparable, so a partial hour is covered pro rata.
        const take = Math.min(free, need);
        if (take <= 0) continue;
        capacity.set(r.id, free - take);
        remaining.set(u.id, need - take);
      }
    }
  }
  const result: HourAllocation = { usage: new Map(), reservations: new Map() };
  for (const u of usage) {
    const units = u.instanceHours * factorOf(u.instanceType);
    const coveredUnits = units - (remaining.get(u.id) ?? 0);
    result.usage.set(u.id, { coveredUnits, coveredHours: coveredUnits / factorOf(u.instanceType) });
  }
  for (const r of reservations) {
    const total = r.count * factorOf(r.instanceType);
    const unusedUnits = capacity.get(r.id) ?? 0;
    result.reservations.set(r.id, { usedUnits: total - unusedUnits, unusedUnits });
  }
  return result;
}
