/**
 * How much of a commitment was used. A reservation is measured in hours or normalised units (billing-formats
 * §1.3.9), a savings plan in money per hour of commitment (§1.3.11). The bill's own figures can disagree in the
 * last digits (AWS rounds each row), so a ratio is clamped into [0, 1] rather than trusted to stay inside it.
 */
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** used ÷ committed in [0, 1]; null when nothing was committed in the period. */
export function utilisationRatio(used: number, committed: number): number | null {
  return committed > 0 ? clamp01(used / committed) : null;
}

export interface ReservationUse {
  /** Hours (or normalised units) the reservation offered this period. */
  purchased: number;
  /** Hours (or normalised units) it left unused. */
  unused: number;
}

export interface Utilisation {
  used: number;
  unused: number;
  committed: number;
  utilisation: number | null;
}

/** AWS's RI utilisation: (purchased − unused) ÷ purchased, in hours or in normalised units alike. */
export function reservationUtilisation({ purchased, unused }: ReservationUse): Utilisation {
  const used = Math.max(0, purchased - unused);
  return {
    used,
    unused: purchased - used,
    committed: purchased,
    utilisation: utilisationRatio(used, purchased),
  };
}

/** Savings plan utilisation: used commitment ÷ total commitment to date, the unused part being what was paid for nothing. */
export function savingsPlanUtilisation(totalCommitment: number, usedCommitment: number): Utilisation {
  const used = Math.min(Math.max(0, usedCommitment), Math.max(0, totalCommitment));
  return {
    used,
    unused: Math.max(0, totalCommitment) - used,
    committed: totalCommitment,
    utilisation: utilisationRatio(used, totalCommitment),
  };
}

/**
 * Unused cost of a reservation this period (its RIFee row, §3.3): the unused share of the amortised upfront fee
 * plus the unused recurring fee.
 */
export function reservationUnusedCost(unusedAmortisedUpfront: number, unusedRecurring: number): number {
  return unusedAmortisedUpfront + unusedRecurring;
}
