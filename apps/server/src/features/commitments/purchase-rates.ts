import type { PurchaseAnalysis, RateOverrideFigure, RateTable } from '@finlens/contracts/commitments';
import { isCommitmentEligible } from '@finlens/cost-model/commitments/eligibility';
import { RATE_TABLE, type tableRate } from '@finlens/cost-model/commitments/rate-table';
import type { EligibleSpend } from '../../warehouse/cost-query/commitment-hours';
import type { WarehouseCommitmentRow as Row } from '../../warehouse/cost-query/commitment-rows';

const HOUR_MS = 3_600_000;

/**
 * An amount of a row (its on-demand cost, its normalised units) spread evenly over the hours of its usage: a daily
 * CUR line (start at midnight, end 24 hours later) is spread over its hours, so the purchase curve does not see a
 * day's use as one hour's spike.
 */
export function spreadOverHours(
  row: Pick<Row, 'at' | 'usageEnd'>,
  amount: number,
): { at: Date; onDemandCost: number }[] {
  const hours =
    row.usageEnd === null
      ? 1
      : Math.max(1, Math.round((row.usageEnd.getTime() - row.at.getTime()) / HOUR_MS));
  return Array.from({ length: hours }, (_, h) => ({
    at: new Date(row.at.getTime() + h * HOUR_MS),
    onDemandCost: amount / hours,
  }));
}

/** The eligible on-demand spend of rows read by hour, as the warehouse sums it (`eligibleSpend`). */
export function eligibleSpendOfRows(rows: readonly Row[]): EligibleSpend[] {
  return rows
    .filter((row) => row.lineItemType === 'Usage' && isCommitmentEligible(row))
    .map((row) => ({ at: row.at, usageEnd: row.usageEnd, onDemandCost: row.publicOnDemandCost ?? 0 }));
}

/**
 * The rate ratio an analysis uses and where it came from: the bill's own commitments, else the request's stated
 * ratio, else the documented rate table (a client's own figure first), else none.
 */
export function chosenRate(
  fromBill: number | null,
  stated: number | undefined,
  table: ReturnType<typeof tableRate>,
): { rate_ratio: number | null; rate_source: RateSource; rate_provenance: RateProvenance } {
  if (fromBill !== null) return { rate_ratio: fromBill, rate_source: 'bill', rate_provenance: null };
  if (stated !== undefined) return { rate_ratio: stated, rate_source: 'stated', rate_provenance: null };
  if (table !== null)
    return { rate_ratio: table.rateRatio, rate_source: 'table', rate_provenance: table.provenance };
  return { rate_ratio: null, rate_source: 'none', rate_provenance: null };
}
type RateSource = PurchaseAnalysis['rate_source'];
type RateProvenance = PurchaseAnalysis['rate_provenance'];

/** GET/PUT /c/commitments/rate_overrides/'s answer: the documented table and the client's own figures. */
export function rateTableAnswer(overrides: RateOverrideFigure[], updatedAt: Date | null): RateTable {
  return {
    table: RATE_TABLE.map((cell) => ({ ...cell })),
    overrides,
    updated_at: updatedAt?.toISOString() ?? null,
  };
}
