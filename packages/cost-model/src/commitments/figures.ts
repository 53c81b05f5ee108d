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
    if (type === 'RIFee' || type === 'SavingsPlanRecurringFee') this.actual += awsAmortizedCost(row);
    else if (isSpotUsage(row)) {
      const onDemand = n(row.publicOnDemandCost);
      if (onDemand <= 0) this.spotUnpriced += awsAmortizedCost(row);
      else {
        this.spotOnDemand += onDemand;
        this.spotActual += awsAmortizedCost(row);
      }
    } else if (isCommitmentEligible(row)) {
      const onDemand = n(row.publicOnDemandCost);
      this.onDemand += onDemand;
      this.actual += awsAmortizedCost(row);
      this.eligible += onDemand;
      if (type !== 'Usage') this.covered += onDemand;
    }
    if (row.reservationArn) {
      if (type === 'RIFee')
        this.reservationUnused += reservationUnusedCost(
          n(row.reservationUnusedAmortizedUpfront),
          n(row.reservationUnusedRecurring),
        );
      else if (type === 'DiscountedUsage') this.reservationUsed += n(row.reservationEffective);
    }
    if (row.savingsPlanArn && type === 'SavingsPlanRecurringFee') {
      let plan = this.plans.get(row.savingsPlanArn);
      if (plan === undefined) {
        plan = { total: 0, used: 0 };
        this.plans.set(row.savingsPlanArn, plan);
      }
      plan.total += n(row.spTotalCommitment);
      plan.used += n(row.spUsedCommitment);
    }
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
