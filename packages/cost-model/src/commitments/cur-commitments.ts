/**
 * Commitment figures from AWS CUR rows (legacy CUR and CUR 2.0 alike, once their columns are named): per
 * reservation and per savings plan and billing month, coverage per group, and the month's savings rate. This is
 * the reference implementation of the row rules (billing-formats §1.3.9, §1.3.11, §3.3); the warehouse computes
 * the same sums in SQL, and the reconciliation test pins both to figures computed from the real exports.
 */
import { awsAmortizedCost } from '../billing-line-item-types';
import { type Coverage, type CoverageLine, coverageOf } from './coverage';
import type { CurCommitmentRow } from './cur-row';
import { isCommitmentEligible, isSpotUsage } from './eligibility';
import { effectiveSavingsRate, netSavings, type Savings, type SavingsLine, savingsOf } from './savings';
import {
  reservationUnusedCost,
  reservationUtilisation,
  savingsPlanUtilisation,
  utilisationRatio,
} from './utilisation';

const n = (v: number | null) => v ?? 0;
const rateRatio = (effective: number, onDemand: number) => (onDemand > 0 ? effective / onDemand : null);

export interface ReservationMonth {
  arn: string;
  billingPeriod: string;
  ownerAccount: string | null;
  purchasedHours: number;
  purchasedNormalizedUnits: number;
  unusedHours: number;
  unusedNormalizedUnits: number;
  recurringFee: number;
  amortizedUpfrontFee: number;
  unusedCost: number;
  coveredUsageHours: number;
  usedNormalizedUnits: number;
  usedEffectiveCost: number;
  onDemandEquivalent: number;
  /** Usage figures per usage account (a shared reservation benefits several). */
  accounts: Map<
    string,
    {
      coveredUsageHours: number;
      usedNormalizedUnits: number;
      usedEffectiveCost: number;
      onDemandEquivalent: number;
    }
  >;
  utilisationHours: number | null;
  utilisationNormalizedUnits: number | null;
  effectiveCost: number;
  netSavings: number;
  effectiveSavingsRate: number | null;
  /**
   * Its rate ÷ the on-demand rate, as the bill shows it on covered usage (used effective cost ÷ on-demand
   * equivalent): the purchase optimiser's r for more of the same, from the account's own bill.
   */
  rateRatio: number | null;
}

function newReservationMonth(arn: string, billingPeriod: string): ReservationMonth {
  return {
    arn,
    billingPeriod,
    ownerAccount: null,
    purchasedHours: 0,
    purchasedNormalizedUnits: 0,
    unusedHours: 0,
    unusedNormalizedUnits: 0,
    recurringFee: 0,
    amortizedUpfrontFee: 0,
    unusedCost: 0,
    coveredUsageHours: 0,
    usedNormalizedUnits: 0,
    usedEffectiveCost: 0,
    onDemandEquivalent: 0,
    accounts: new Map(),
    utilisationHours: null,
    utilisationNormalizedUnits: null,
    effectiveCost: 0,
    netSavings: 0,
    effectiveSavingsRate: null,
    rateRatio: null,
  };
}

function getOrAdd<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** Per reservation ARN and month: RIFee rows give what was bought and left unused, DiscountedUsage rows the use. */
export function reservationMonths(rows: Iterable<CurCommitmentRow>): ReservationMonth[] {
  const months = new Map<string, ReservationMonth>();
  for (const row of rows) {
    const arn = row.reservationArn;
    if (!arn || (row.lineItemType !== 'RIFee' && row.lineItemType !== 'DiscountedUsage')) continue;
    const m = getOrAdd(months, `${arn}\u0000${row.billingPeriod}`, () =>
      newReservationMonth(arn, row.billingPeriod),
    );
    if (row.lineItemType === 'RIFee') {
      m.ownerAccount = row.usageAccountId;
      m.purchasedHours += n(row.reservationTotalReservedUnits);
      m.purchasedNormalizedUnits += n(row.reservationTotalReservedNormalizedUnits);
      m.unusedHours += n(row.reservationUnusedQuantity);
      m.unusedNormalizedUnits += n(row.reservationUnusedNormalizedUnitQuantity);
      m.recurringFee += n(row.unblended);
      m.amortizedUpfrontFee += n(row.reservationAmortizedUpfrontFee);
      m.unusedCost += reservationUnusedCost(
        n(row.reservationUnusedAmortizedUpfront),
        n(row.reservationUnusedRecurring),
      );
      continue;
    }
    const account = getOrAdd(m.accounts, row.usageAccountId, () => ({
      coveredUsageHours: 0,
      usedNormalizedUnits: 0,
      usedEffectiveCost: 0,
      onDemandEquivalent: 0,
    }));
    for (const target of [m, account]) {
      target.coveredUsageHours += n(row.usageAmount);
      target.usedNormalizedUnits += n(row.normalizedUsageAmount);
      target.usedEffectiveCost += n(row.reservationEffective);
      target.onDemandEquivalent += n(row.publicOnDemandCost);
    }
  }
  for (const m of months.values()) {
    m.utilisationHours = reservationUtilisation({
      purchased: m.purchasedHours,
      unused: m.unusedHours,
    }).utilisation;
    m.utilisationNormalizedUnits = utilisationRatio(m.usedNormalizedUnits, m.purchasedNormalizedUnits);
    m.effectiveCost = m.usedEffectiveCost + m.unusedCost;
    m.netSavings = netSavings(m.onDemandEquivalent, m.effectiveCost);
    m.effectiveSavingsRate = effectiveSavingsRate(m.onDemandEquivalent, m.effectiveCost);
    m.rateRatio = rateRatio(m.usedEffectiveCost, m.onDemandEquivalent);
  }
  return [...months.values()].sort(
    (a, b) => a.arn.localeCompare(b.arn) || a.billingPeriod.localeCompare(b.billingPeriod),
  );
}

export interface SavingsPlanMonth {
  arn: string;
  billingPeriod: string;
  totalCommitment: number;
  usedCommitment: number;
  unusedCost: number;
  utilisation: number | null;
  coveredEffectiveCost: number;
  onDemandEquivalent: number;
  effectiveCost: number;
  netSavings: number;
  effectiveSavingsRate: number | null;
  /** SP rate ÷ on-demand rate on the usage it covered. */
  rateRatio: number | null;
}

/** Per savings plan ARN and month: SavingsPlanRecurringFee rows give the commitment, covered usage its use. */
export function savingsPlanMonths(rows: Iterable<CurCommitmentRow>): SavingsPlanMonth[] {
  const sums = new Map<
    string,
    { arn: string; billingPeriod: string; total: number; used: number; effective: number; ode: number }
  >();
  for (const row of rows) {
    const arn = row.savingsPlanArn;
    const fee = row.lineItemType === 'SavingsPlanRecurringFee';
    if (!arn || (!fee && row.lineItemType !== 'SavingsPlanCoveredUsage')) continue;
    const s = getOrAdd(sums, `${arn}\u0000${row.billingPeriod}`, () => ({
      arn,
      billingPeriod: row.billingPeriod,
      total: 0,
      used: 0,
      effective: 0,
      ode: 0,
    }));
    if (fee) {
      s.total += n(row.spTotalCommitment);
      s.used += n(row.spUsedCommitment);
    } else {
      s.effective += n(row.spEffective);
      s.ode += n(row.publicOnDemandCost);
    }
  }
  return [...sums.values()]
    .map((s) => {
      const use = savingsPlanUtilisation(s.total, s.used);
      const effectiveCost = s.effective + use.unused;
      return {
        arn: s.arn,
        billingPeriod: s.billingPeriod,
        totalCommitment: s.total,
        usedCommitment: s.used,
        unusedCost: use.unused,
        utilisation: use.utilisation,
        coveredEffectiveCost: s.effective,
        onDemandEquivalent: s.ode,
        effectiveCost,
        netSavings: netSavings(s.ode, effectiveCost),
        effectiveSavingsRate: effectiveSavingsRate(s.ode, effectiveCost),
        rateRatio: rateRatio(s.effective, s.ode),
      };
    })
    .sort((a, b) => a.arn.localeCompare(b.arn) || a.billingPeriod.localeCompare(b.billingPeriod));
}

/** Coverage of eligible usage per month × usage account × service × region. */
export function coverageByGroup(rows: Iterable<CurCommitmentRow>): Map<string, Coverage> {
  const groups = new Map<string, CoverageLine[]>();
  for (const row of rows) {
    if (!isCommitmentEligible(row)) continue;
    const key = [row.billingPeriod, row.usageAccountId, row.productCode ?? '', row.region ?? ''].join('|');
    getOrAdd(groups, key, () => []).push({
      hours: n(row.usageAmount),
      normalisedUnits: n(row.normalizedUsageAmount),
      onDemandCost: n(row.publicOnDemandCost),
      covered: row.lineItemType !== 'Usage',
    });
  }
  return new Map([...groups].map(([key, lines]) => [key, coverageOf(lines)]));
}

/** The month's savings from commitments over eligible usage (amortised cost, unused commitments included), spot apart. */
export function savingsByMonth(rows: Iterable<CurCommitmentRow>): Map<string, Savings> {
  const lines = new Map<string, SavingsLine[]>();
  for (const row of rows) {
    const line = savingsLineOf(row);
    if (line) getOrAdd(lines, row.billingPeriod, () => []).push(line);
  }
  return new Map([...lines].map(([month, ls]) => [month, savingsOf(ls)]));
}

function savingsLineOf(row: CurCommitmentRow): SavingsLine | null {
  const actual = awsAmortizedCost(row);
  if (row.lineItemType === 'RIFee' || row.lineItemType === 'SavingsPlanRecurringFee') {
    return { kind: 'unused-commitment', onDemandEquivalent: 0, actual };
  }
  if (isSpotUsage(row)) return { kind: 'spot', onDemandEquivalent: n(row.publicOnDemandCost), actual };
  if (!isCommitmentEligible(row)) return null;
  return {
    kind: row.lineItemType === 'Usage' ? 'on-demand' : 'covered',
    onDemandEquivalent: n(row.publicOnDemandCost),
    actual,
  };
}
