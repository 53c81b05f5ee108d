import { RESERVATION_ANALYSIS_CSV_COLUMNS, type ReservationAnalysis } from '@finlens/contracts/commitments';
import { csvExport } from '../../platform/http/csv-export';

type Curve = ReservationAnalysis['results'][number];

/** One line per analysed curve, RESERVATION_ANALYSIS_CSV_COLUMNS in order; a curve without a rate has no purchase. */
export function reservationAnalysisCsv(analysis: ReservationAnalysis): Promise<string> {
  return csvExport(RESERVATION_ANALYSIS_CSV_COLUMNS, analysis.results, (r: Curve) => {
    const buy = r.recommendation;
    const values: Record<(typeof RESERVATION_ANALYSIS_CSV_COLUMNS)[number], string | number | null> = {
      service: r.service,
      region: r.region,
      operating_system: r.operating_system,
      tenancy: r.tenancy,
      licence_model: r.licence_model,
      family: r.family,
      size_flexible: String(r.size_flexible),
      instance_type: r.instance_type,
      units_per_instance: r.units_per_instance,
      on_demand_rate_per_unit: r.on_demand_rate_per_unit,
      rate_ratio: r.rate_ratio,
      rate_source: r.rate_source,
      rate_provenance: r.rate_provenance,
      instances: buy?.instances ?? null,
      normalised_units: buy?.normalised_units ?? null,
      hourly_commitment: buy?.commitment ?? null,
      savings: buy?.savings ?? null,
      on_demand_cost: buy?.on_demand_cost ?? null,
      break_even_utilisation: buy?.break_even_utilisation ?? null,
      expected_utilisation: buy?.expected_utilisation ?? null,
      expected_coverage: buy?.expected_coverage ?? null,
    };
    return RESERVATION_ANALYSIS_CSV_COLUMNS.map((column) => values[column]);
  });
}
