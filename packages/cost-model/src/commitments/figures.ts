/**
 * The dashboard's figures of a set of CUR rows — commitment utilisation in money, coverage in on-demand cost, the
 * effective savings rate with spot apart — summed row by row, so one pass over the rows fills every period, group
 * and the total at once without copying a row. Each figure is the one `reservationMonths`, `savingsPlanMonths`,
 * `coverageByGroup` and `savingsByMonth` give over the same rows taken as one period (figures.test.ts holds them
 * to it): their sums are sums of row values, except a savings plan's used commitment, clamped into its total per
 * plan, which is why the plans are kept apart until the end.
 */
import { awsAmortizedCost } from '../billing-line-item-types';
import type { CurCommitmentRow } from './cur-row';
import { isCommitmentEligible, isSpotUsage } from './eligibility';
import { effectiveSavingsRate } from './savings';
import { reservationUnusedCost, savingsPlanUtilisation } from './utilisation';

const n = (v: number | null) => v ?? 0;
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

export interface CommitmentFigures {
  /** Used ÷ (used + unused) commitment in money: RI used effective cost, SP used commitment. */
  utilisation: number | null;
  /** Covered ÷ eligible usage in on-demand cost. */
  coverage: number | null;
  effectiveSavingsRate: number | null;
  onDemandEquivalent: number;
  /** Eligible usage at amortised cost plus every commitment's unused cost. */
  actual: number;
  netSavings: number;
  unusedCost: number;
  spot: { onDemandEquivalent: number; actual: number; netSavings: number; unpricedActual: number };
}

/**
 * The line item types a sum takes row by row: their amortisation, a reservation's unused fee and each plan's
 * clamp need the row. Every other row adds only its usage sums, which therefore may be summed beforehand (the
 * warehouse does so per period and group in SQL, so a dashboard reads only the fee rows one by one).
 */
export const COMMITMENT_FEE_TYPES: readonly string[] = ['RIFee', 'SavingsPlanRecurringFee'];

/** What a usage row (any row but a fee) adds to the figures. */
export interface CommitmentUsageSums {
  /** Eligible usage at on-demand cost: coverage's whole and the on-demand equivalent. */
  eligible: number;
  /** Eligible usage a commitment covered, at on-demand cost. */
  covered: number;
  /** Eligible usage at amortised cost. */
  eligibleActual: number;
  /** Spot usage with an on-demand price: that price and its amortised cost. */
  spotOnDemand: number;
  spotActual: number;
  /** Spot usage without an on-demand price, at amortised cost. */
  spotUnpriced: number;
  /** Reservations' used effective cost (their DiscountedUsage). */
  reservationUsed: number;
}

export const noUsageSums = (): CommitmentUsageSums => ({
  eligible: 0,
  covered: 0,
  eligibleActual: 0,
  spotOnDemand: 0,
  spotActual: 0,
  spotUnpriced: 0,
  reservationUsed: 0,
});

/** The usage sums of one row that is not a fee (COMMITMENT_FEE_TYPES): spot first, then eligible usage. */
export function usageSumsOf(row: CurCommitmentRow): CommitmentUsageSums {
  const sums = noUsageSums();
  const type = row.lineItemType;
  if (isSpotUsage(row)) {
    const onDemand = n(row.publicOnDemandCost);
    if (onDemand <= 0) sums.spotUnpriced = awsAmortizedCost(row);
    else {
      sums.spotOnDemand = onDemand;
      sums.spotActual = awsAmortizedCost(row);
    }
  } else if (isCommitmentEligible(row)) {
    const onDemand = n(row.publicOnDemandCost);
    sums.eligible = onDemand;
    sums.eligibleActual = awsAmortizedCost(row);
    if (type !== 'Usage') sums.covered = onDemand;
  }
  if (row.reservationArn && type === 'DiscountedUsage') sums.reservationUsed = n(row.reservationEffective);
  return sums;
}

export class CommitmentFiguresSum {
  private onDemand = 0;
  private actual = 0;
  private spotOnDemand = 0;
  private spotActual = 0;
  private spotUnpriced = 0;
  private eligible = 0;
  private covered = 0;
  private reservationUsed = 0;
  private reservationUnused = 0;
  private readonly plans = new Map<string, { total: number; used: number }>();

  add(row: CurCommitmentRow): void {
    const type = row.lineItemType;
    if (type === 'RIFee') {
      this.actual += awsAmortizedCost(row);
      if (row.reservationArn)
        this.reservationUnused += reservationUnusedCost(
          n(row.reservationUnusedAmortizedUpfront),
          n(row.reservationUnusedRecurring),
        );
    } else if (type === 'SavingsPlanRecurringFee') {
      this.actual += awsAmortizedCost(row);
      if (row.savingsPlanArn) {
        let plan = this.plans.get(row.savingsPlanArn);
        if (plan === undefined) {
          plan = { total: 0, used: 0 };
          this.plans.set(row.savingsPlanArn, plan);
        }
        plan.total += n(row.spTotalCommitment);
        plan.used += n(row.spUsedCommitment);
      }
    } else this.addUsage(usageSumsOf(row));
  }

  /** The sums of usage rows (no fees), as adding each of them would. */
  addUsage(sums: CommitmentUsageSums): void {
    this.onDemand += sums.eligible;
    this.eligible += sums.eligible;
    this.covered += sums.covered;
    this.actual += sums.eligibleActual;
    this.spotOnDemand += sums.spotOnDemand;
    this.spotActual += sums.spotActual;
    this.spotUnpriced += sums.spotUnpriced;
    this.reservationUsed += sums.reservationUsed;
  }

  figures(): CommitmentFigures {
    let used = this.reservationUsed;
    let unused = this.reservationUnused;
    for (const plan of this.plans.values()) {
      const use = savingsPlanUtilisation(plan.total, plan.used);
      used += use.used;
      unused += use.unused;
    }
    return {
      utilisation: ratio(used, used + unused),
      coverage: ratio(this.covered, this.eligible),
      effectiveSavingsRate: effectiveSavingsRate(this.onDemand, this.actual),
      onDemandEquivalent: this.onDemand,
      actual: this.actual,
      netSavings: this.onDemand - this.actual,
      unusedCost: unused,
      spot: {
        onDemandEquivalent: this.spotOnDemand,
        actual: this.spotActual,
        netSavings: this.spotOnDemand - this.spotActual,
        unpricedActual: this.spotUnpriced,
      },
    };
  }
}
