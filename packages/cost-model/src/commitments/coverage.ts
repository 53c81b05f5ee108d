/**
 * Coverage: the share of commitment-eligible usage that a commitment paid for, measured in hours, normalised
 * units or on-demand-equivalent cost. Which usage is eligible is decided per row by `eligibility.ts`.
 */
import { utilisationRatio } from './utilisation';

export interface CoverageLine {
  hours: number;
  normalisedUnits: number;
  onDemandCost: number;
  covered: boolean;
}

export interface Coverage {
  eligibleHours: number;
  coveredHours: number;
  eligibleNormalisedUnits: number;
  coveredNormalisedUnits: number;
  eligibleOnDemandCost: number;
  coveredOnDemandCost: number;
  /** covered ÷ eligible, null when nothing was eligible. */
  byHours: number | null;
  byNormalisedUnits: number | null;
  byCost: number | null;
}

export function coverageOf(lines: Iterable<CoverageLine>): Coverage {
  const c = {
    eligibleHours: 0,
    coveredHours: 0,
    eligibleNormalisedUnits: 0,
    coveredNormalisedUnits: 0,
    eligibleOnDemandCost: 0,
    coveredOnDemandCost: 0,
  };
  for (const line of lines) {
    c.eligibleHours += line.hours;
    c.eligibleNormalisedUnits += line.normalisedUnits;
    c.eligibleOnDemandCost += line.onDemandCost;
    if (line.covered) {
      c.coveredHours += line.hours;
      c.coveredNormalisedUnits += line.normalisedUnits;
      c.coveredOnDemandCost += line.onDemandCost;
    }
  }
  return {
    ...c,
    byHours: utilisationRatio(c.coveredHours, c.eligibleHours),
    byNormalisedUnits: utilisationRatio(c.coveredNormalisedUnits, c.eligibleNormalisedUnits),
    byCost: utilisationRatio(c.coveredOnDemandCost, c.eligibleOnDemandCost),
  };
}
