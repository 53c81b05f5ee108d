/**
 * Commitment figures from FOCUS rows (billing-formats §4.4, §4.5): a commitment's Purchase rows say what was
 * bought, its Usage rows with CommitmentDiscountStatus Used / Unused say how it was consumed, in
 * CommitmentDiscountQuantity (normalised hours, hours or money by CommitmentDiscountUnit). The on-demand equivalent
 * is ListCost; coverage is measured in ListCost over usage rows, unused-commitment rows not being usage.
 */
import { commitmentForPeriod, type Interval } from './amortisation';
import { effectiveSavingsRate, netSavings } from './savings';
import { utilisationRatio } from './utilisation';

export interface FocusCommitmentRow {
  billingPeriodStart: string;
  chargeCategory: string;
  chargeFrequency: string | null;
  commitmentDiscountId: string | null;
  commitmentDiscountStatus: string | null;
  commitmentDiscountQuantity: number | null;
  billedCost: number;
  effectiveCost: number;
  listCost: number | null;
}

export interface FocusCommitmentPeriod {
  commitmentId: string;
  billingPeriodStart: string;
  purchaseBilledCost: number | null;
  purchasedQuantity: number | null;
  usedQuantity: number;
  unusedQuantity: number;
  usedEffectiveCost: number;
  unusedCost: number;
  onDemandEquivalent: number | null;
  utilisation: number | null;
  effectiveCost: number;
  netSavings: number | null;
  effectiveSavingsRate: number | null;
}

const addNullable = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);

export function focusCommitmentPeriods(rows: Iterable<FocusCommitmentRow>): FocusCommitmentPeriod[] {
  const periods = new Map<string, FocusCommitmentPeriod>();
  for (const row of rows) {
    const id = row.commitmentDiscountId;
    if (!id) continue;
    const key = `${id}\u0000${row.billingPeriodStart}`;
    let p = periods.get(key);
    if (!p) {
      p = {
        commitmentId: id,
        billingPeriodStart: row.billingPeriodStart,
        purchaseBilledCost: null,
        purchasedQuantity: null,
        usedQuantity: 0,
        unusedQuantity: 0,
        usedEffectiveCost: 0,
        unusedCost: 0,
        onDemandEquivalent: null,
        utilisation: null,
        effectiveCost: 0,
        netSavings: null,
        effectiveSavingsRate: null,
      };
      periods.set(key, p);
    }
    if (row.chargeCategory === 'Purchase') {
      p.purchaseBilledCost = addNullable(p.purchaseBilledCost, row.billedCost);
      p.purchasedQuantity = addNullable(p.purchasedQuantity, row.commitmentDiscountQuantity);
    } else if (row.commitmentDiscountStatus === 'Used') {
      p.usedQuantity += row.commitmentDiscountQuantity ?? 0;
      p.usedEffectiveCost += row.effectiveCost;
      p.onDemandEquivalent = addNullable(p.onDemandEquivalent, row.listCost);
    } else if (row.commitmentDiscountStatus === 'Unused') {
      p.unusedQuantity += row.commitmentDiscountQuantity ?? 0;
      p.unusedCost += row.effectiveCost;
    }
  }
  return [...periods.values()].map((p) => {
    const effectiveCost = p.usedEffectiveCost + p.unusedCost;
    const ode = p.onDemandEquivalent;
    return {
      ...p,
      utilisation: utilisationRatio(p.usedQuantity, p.usedQuantity + p.unusedQuantity),
      effectiveCost,
      netSavings: ode === null ? null : netSavings(ode, effectiveCost),
      effectiveSavingsRate: ode === null ? null : effectiveSavingsRate(ode, effectiveCost),
    };
  });
}

/** Coverage in on-demand terms: ListCost of commitment-covered usage over ListCost of all usage (null without ListCost). */
export function focusCoverage(rows: Iterable<FocusCommitmentRow>): number | null {
  let eligible = 0;
  let covered = 0;
  let priced = false;
  for (const row of rows) {
    if (row.chargeCategory !== 'Usage' || row.commitmentDiscountStatus === 'Unused' || row.listCost === null)
      continue;
    priced = true;
    eligible += row.listCost;
    if (row.commitmentDiscountStatus === 'Used') covered += row.listCost;
  }
  return priced ? utilisationRatio(covered, eligible) : null;
}

/** A one-time purchase's share of a billing period: its cost spread evenly over its charge period (the term). */
export function focusAmortisedPurchase(billedCost: number, term: Interval, billingPeriod: Interval): number {
  return commitmentForPeriod({ term, upfront: billedCost, recurringHourly: 0 }, billingPeriod)
    .amortisedUpfront;
}
