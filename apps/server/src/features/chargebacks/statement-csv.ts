import { SHARED_COSTS_SERVICE, type Statement } from '@finlens/contracts/chargebacks';
import { csvExport } from '../../platform/http/csv-export';

const HEADER = [
  'value',
  'line',
  'cost',
  'markup_percent',
  'markup',
  'total',
  'previous_month',
  'previous_version',
  'difference',
  'currency',
];

const cents = (n: number | null) => (n === null ? '' : n.toFixed(2));

/**
 * The statement as CSV: per value a row per service, its shared-cost share (when it is its own line) and a
 * `Total` row (subtotal in `cost`, markup, total, previous month, the replaced version); a last `Total` row.
 * Written through the shared CSV export (a batch of rows per turn of the event loop, formula-looking text quoted).
 */
export function statementCsv(s: Statement): Promise<string> {
  const rows = s.lines.flatMap((l) => {
    const line = (
      name: string,
      cost: number,
      previous: number | null = null,
      difference: number | null = null,
    ) => [l.value, name, cents(cost), '', '', '', '', cents(previous), cents(difference), s.currency];
    return [
      ...l.services.map((service) =>
        line(service.service, service.cost, service.previous_cost, service.difference),
      ),
      ...(s.shared_cost_line ? [line(SHARED_COSTS_SERVICE, l.shared)] : []),
      [
        l.value,
        'Total',
        cents(l.subtotal),
        String(l.markup_percent),
        cents(l.markup),
        cents(l.total),
        cents(l.previous_month_subtotal),
        cents(l.previous_total),
        cents(l.difference),
        s.currency,
      ],
    ];
  });
  rows.push([
    'Total',
    '',
    cents(s.subtotal),
    '',
    cents(s.markup),
    cents(s.total),
    cents(s.previous_month_subtotal),
    '',
    '',
    s.currency,
  ]);
  return csvExport(HEADER, rows, (row) => row);
}
