import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverageOf } from './coverage';
import { allocateReservationHour, type HourReservation, type HourUsage } from './reservation-allocation';
import { reservationUtilisation } from './utilisation';

const ri = (over: Partial<HourReservation> = {}): HourReservation => ({
  id: 'ri-1',
  ownerAccount: 'A',
  shared: true,
  instanceType: 'm5.xlarge',
  region: 'us-east-1',
  availabilityZone: null,
  sizeFlexible: true,
  count: 1,
  matchKey: 'Linux/Shared',
  ...over,
});
const use = (id: string, instanceType: string, over: Partial<HourUsage> = {}): HourUsage => ({
  id,
  account: 'A',
  instanceType,
  region: 'us-east-1',
  availabilityZone: 'us-east-1a',
  matchKey: 'Linux/Shared',
  instanceHours: 1,
  ...over,
});

describe('allocateReservationHour', () => {
  it('size flexibility: one xlarge covers two large', () => {
    const usage = [use('a', 'm5.large'), use('b', 'm5.large', { availabilityZone: 'us-east-1c' })];
    const hour = allocateReservationHour([ri()], usage);
    expect(hour.usage.get('a')?.coveredHours).toBe(1);
    expect(hour.usage.get('b')?.coveredHours).toBe(1);
    expect(hour.reservations.get('ri-1')).toEqual({ usedUnits: 8, unusedUnits: 0 });
    const lines = usage.map((u) => ({
      hours: 1,
      normalisedUnits: 4,
      onDemandCost: 0.096,
      covered: hour.usage.get(u.id)?.coveredHours === 1,
    }));
    expect(coverageOf(lines).byNormalisedUnits).toBe(1);
  });

  it('covers the smallest sizes first and part of the next instance-hour', () => {
    const usage = [use('big', 'm5.large'), use('small', 'm5.medium'), use('big2', 'm5.large')];
    const hour = allocateReservationHour([ri()], usage);
    expect(hour.usage.get('small')?.coveredUnits).toBe(2);
    expect(hour.usage.get('big')?.coveredUnits).toBe(4);
    expect(hour.usage.get('big2')?.coveredHours).toBe(0.5);
    const rate = reservationUtilisation({
      purchased: 8,
      unused: hour.reservations.get('ri-1')?.unusedUnits ?? 8,
    });
    expect(rate.utilisation).toBe(1);
  });

  it('an account-scoped reservation does not cover another account; a shared one does, owner first', () => {
    const other = [use('b1', 'm5.xlarge', { account: 'B' })];
    expect(
      allocateReservationHour([ri({ shared: false })], other).reservations.get('ri-1')?.unusedUnits,
    ).toBe(8);
    expect(allocateReservationHour([ri({ shared: true })], other).usage.get('b1')?.coveredHours).toBe(1);
    const both = [use('b1', 'm5.xlarge', { account: 'B' }), use('z-a1', 'm5.xlarge', { account: 'A' })];
    const hour = allocateReservationHour([ri({ shared: true })], both);
    expect(hour.usage.get('z-a1')?.coveredHours).toBe(1);
    expect(hour.usage.get('b1')?.coveredHours).toBe(0);
  });

  it('a zonal reservation covers only its type in its zone; a Windows one does not flex', () => {
    const zonal = ri({ availabilityZone: 'us-east-1a', instanceType: 'm5.large', sizeFlexible: false });
    const usage = [
      use('other-zone', 'm5.large', { availabilityZone: 'us-east-1b' }),
      use('smaller', 'm5.medium'),
    ];
    expect(allocateReservationHour([zonal], usage).reservations.get('ri-1')?.usedUnits).toBe(0);
    const windows = ri({ sizeFlexible: false, matchKey: 'Windows/Shared' });
    const winUsage = [
      use('w', 'm5.large', { matchKey: 'Windows/Shared' }),
      use('wx', 'm5.xlarge', { matchKey: 'Windows/Shared' }),
    ];
    const hour = allocateReservationHour([windows], winUsage);
    expect(hour.usage.get('w')?.coveredUnits).toBe(0);
    expect(hour.usage.get('wx')?.coveredHours).toBe(1);
  });

  it('zonal reservations go before regional ones', () => {
    const zonal = ri({
      id: 'z',
      availabilityZone: 'us-east-1a',
      instanceType: 'm5.large',
      sizeFlexible: false,
    });
    const regional = ri({ id: 'r', instanceType: 'm5.large' });
    const hour = allocateReservationHour([regional, zonal], [use('a', 'm5.large')]);
    expect(hour.reservations.get('z')?.usedUnits).toBe(4);
    expect(hour.reservations.get('r')?.usedUnits).toBe(0);
  });
});

describe('allocateReservationHour properties', () => {
  const types = ['m5.large', 'm5.xlarge', 'm5.2xlarge', 'm5.medium', 'c5.large', 'c5.xlarge'];
  const reservationArb = fc.record({
    id: fc.uuid(),
    ownerAccount: fc.constantFrom('A', 'B', 'C'),
    shared: fc.boolean(),
    instanceType: fc.constantFrom(...types),
    region: fc.constant('us-east-1'),
    availabilityZone: fc.constantFrom(null, 'us-east-1a', 'us-east-1b'),
    sizeFlexible: fc.boolean(),
    count: fc.integer({ min: 1, max: 4 }),
    matchKey: fc.constantFrom('Linux/Shared', 'Windows/Shared'),
  });
  const usageArb = fc.record({
    id: fc.uuid(),
    account: fc.constantFrom('A', 'B', 'C'),
    instanceType: fc.constantFrom(...types),
    region: fc.constant('us-east-1'),
    availabilityZone: fc.constantFrom('us-east-1a', 'us-east-1b'),
    matchKey: fc.constantFrom('Linux/Shared', 'Windows/Shared'),
    instanceHours: fc.double({ min: 0, max: 3, noNaN: true }),
  });

  it('never covers more than is used or offers, and covered units equal used units', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(reservationArb, { selector: (r) => r.id, maxLength: 6 }),
        fc.uniqueArray(usageArb, { selector: (u) => u.id, maxLength: 10 }),
        (reservations, usage) => {
          const hour = allocateReservationHour(reservations, usage);
          let covered = 0;
          for (const u of usage) {
            const c = hour.usage.get(u.id);
            covered += c?.coveredUnits ?? 0;
            expect(c?.coveredHours ?? 0).toBeLessThanOrEqual(u.instanceHours + 1e-9);
            expect(c?.coveredUnits ?? 0).toBeGreaterThanOrEqual(-1e-12);
          }
          let usedUnits = 0;
          for (const r of reservations) {
            const a = hour.reservations.get(r.id);
            usedUnits += a?.usedUnits ?? 0;
            expect(a?.unusedUnits ?? 0).toBeGreaterThanOrEqual(-1e-9);
          }
          expect(covered).toBeCloseTo(usedUnits, 9);
          // Nothing covers usage of another account unless some reservation there is shared.
          const shared = reservations.some((r) => r.shared);
          if (!shared) {
            const owners = new Set(reservations.map((r) => r.ownerAccount));
            for (const u of usage)
              if (!owners.has(u.account)) expect(hour.usage.get(u.id)?.coveredUnits).toBe(0);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
