/**
 * Savings from commitments. The effective savings rate (ESR) is (on-demand equivalent − actual) ÷ on-demand
 * equivalent over commitment-eligible usage, where actual is the amortised cost of that usage plus the unused part
 * of every commitment (so an idle reservation lowers the rate). Spot is a separate saving: it is not bought by a
 * commitment, and mixing it in would hide a poorly used commitment behind cheap spot hours.
 */
export type SavingsLineKind = 'covered' | 'on-demand' | 'unused-commitment' | 'spot';

export interface SavingsLine {
  kind: SavingsLineKind;
  /** Public on-demand cost of the usage (0 for unused commitment). */
  onDemandEquivalent: number;
  /** Amortised cost: what the line really cost. */
  actual: number;
}

export interface Savings {
  onDemandEquivalent: number;
  actual: number;
  netSavings: number;
  /** null when there is no eligible usage. */
  effectiveSavingsRate: number | null;
  /**
   * Spot apart. The CUR carries no public on-demand cost on spot rows, so savings are counted only over spot
   * lines that have one; the others' cost is `unpricedActual`.
   */
  spot: {
    onDemandEquivalent: number;
    actual: number;
    netSavings: number;
    savingsRate: number | null;
    unpricedActual: number;
  };
}

export function netSavings(onDemandEquivalent: number, actual: number): number {
  return onDemandEquivalent - actual;
}

export function effectiveSavingsRate(onDemandEquivalent: number, actual: number): number | null {
  return onDemandEquivalent > 0 ? (onDemandEquivalent - actual) / onDemandEquivalent : null;
}

export function savingsOf(lines: Iterable<SavingsLine>): Savings {
  let ode = 0;
  let actual = 0;
  let spotOde = 0;
  let spotActual = 0;
  let spotUnpriced = 0;
  for (const line of lines) {
    if (line.kind === 'spot' && line.onDemandEquivalent <= 0) spotUnpriced += line.actual;
    else if (line.kind === 'spot') {
      spotOde += line.onDemandEquivalent;
      spotActual += line.actual;
    } else {
      ode += line.onDemandEquivalent;
      actual += line.actual;
    }
  }
  return {
    onDemandEquivalent: ode,
    actual,
    netSavings: netSavings(ode, actual),
    effectiveSavingsRate: effectiveSavingsRate(ode, actual),
    spot: {
      onDemandEquivalent: spotOde,
      actual: spotActual,
      netSavings: netSavings(spotOde, spotActual),
      savingsRate: effectiveSavingsRate(spotOde, spotActual),
      unpricedActual: spotUnpriced,
    },
  };
}
