/**
 * Reserved-instance purchase by normalised units: the savings-plan model of `optimiser.ts` with the curve in
 * normalised units per hour of one family and region. An RI of n units costs n·p_ri every hour and covers up to n
 * units, so with x_h = u_h·p_od and r = p_ri ÷ p_od the savings are the same function; RIs are bought whole, so
 * the commitment is a multiple of one instance's units (S is concave, the best multiple is next to the optimum).
 */
import { type CommitmentRecommendation, optimiseCommitment } from './optimiser';

export interface ReservationPurchaseInput {
  /** Eligible on-demand normalised units used in each hour of the look-back. */
  hourlyUnits: readonly number[];
  /** On-demand price of one normalised unit for one hour. */
  onDemandRatePerUnit: number;
  /** Effective reserved price of one normalised unit-hour (amortised upfront + recurring). */
  reservedRatePerUnit: number;
  /** Normalised units of the instance size to buy (e.g. 8 for an xlarge). */
  unitsPerInstance: number;
}

export interface ReservationRecommendation {
  /** Instances of the chosen size to buy. */
  instances: number;
  normalisedUnits: number;
  /** The same figures as a savings plan recommendation, in money. */
  money: CommitmentRecommendation;
}

export function optimiseReservation(input: ReservationPurchaseInput): ReservationRecommendation {
  const { onDemandRatePerUnit: pod, reservedRatePerUnit: pri, unitsPerInstance } = input;
  if (!(pod > 0) || !(unitsPerInstance > 0)) throw new RangeError('rates and units must be positive');
  const curve = input.hourlyUnits.map((u) => u * pod);
  const money = optimiseCommitment(curve, pri / pod, { step: unitsPerInstance * pod });
  const normalisedUnits = money.coveredOnDemandPerHour / pod;
  return { instances: Math.round(normalisedUnits / unitsPerInstance), normalisedUnits, money };
}
