import type { ReservationAnalysis } from '@finlens/contracts/commitments';
import type { ChartData } from '../../components/Chart';

type Curve = ReservationAnalysis['results'][number];

/** One axis label per hour from `start` ("2026-11-01 00"), UTC as the look-back. */
export function hourLabels(start: string, hours: number): string[] {
  const first = Date.parse(start);
  return Array.from({ length: hours }, (_, h) =>
    new Date(first + h * 3_600_000).toISOString().slice(0, 13).replace('T', ' '),
  );
}

/** "Windows · Shared · No License required", or a dash when the bill names no split. */
export function platformOf(r: Curve): string {
  return (
    [r.operating_system, r.tenancy, r.licence_model].filter((v) => v !== null && v !== 'NA').join(' · ') ||
    '—'
  );
}

/** "db.r6g, PostgreSQL · No license required (AmazonRDS, eu-west-1)": which curve a chart or button is about. */
export function curveName(r: Curve): string {
  const platform = platformOf(r);
  return `${r.family}${platform === '—' ? '' : `, ${platform}`} (${r.service}, ${r.region ?? 'no region'})`;
}

/**
 * A curve's on-demand normalised units per hour of the look-back, with the recommended reserved units drawn flat
 * on it as a dashed reference under the curve: whole instances often land just above a flat curve (7 × 8 units
 * for 55.5 units/h used) or exactly on it, and the curve must stay visible there.
 */
export function reservationCurveChart(window: ReservationAnalysis['window'], r: Curve): ChartData {
  const reserved = r.recommendation?.normalised_units;
  return {
    categories: hourLabels(window.start, r.hourly_units.length),
    series: [
      { name: 'On-demand normalised units', values: r.hourly_units },
      ...(reserved === undefined
        ? []
        : [
            {
              name: 'Recommended reserved units',
              values: r.hourly_units.map(() => reserved),
              reference: true,
            },
          ]),
    ],
  };
}
