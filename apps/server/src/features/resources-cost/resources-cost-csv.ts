import { RESOURCES_COST_CSV_COLUMNS, type ResourceCostRow } from '@finlens/contracts/resources-cost';
import { stringify } from 'csv-stringify/sync';
import { yieldToEventLoop } from '../../platform/event-loop';

/** The export's cells of one row, in RESOURCES_COST_CSV_COLUMNS order (money unrounded, as the API answers). */
function cells(row: ResourceCostRow): (string | number)[] {
  const values: Record<(typeof RESOURCES_COST_CSV_COLUMNS)[number], string | number | null> = {
    resource_id: row.resource_id,
    name: row.name,
    account_id: row.account_id,
    account_name: row.account_name,
    region: row.region,
    service: row.service,
    kind: row.kind,
    type: row.type,
    state: row.state,
    owner: row.owner,
    cost: row.cost,
    previous_cost: row.previous_cost,
    trend: row.trend,
    cpu_p95: row.utilisation?.cpu_p95 ?? null,
    first_seen: row.first_seen,
    last_seen: row.last_seen,
    in_inventory: row.in_inventory ? 'yes' : 'no',
    arn: row.arn,
    tags: Object.entries(row.tags)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
  };
  return RESOURCES_COST_CSV_COLUMNS.map((c) => values[c] ?? '');
}

/** Rows written between turns of the event loop: an export may hold 100,000 resources. */
const CSV_ROWS_PER_TURN = 2048;

/**
 * The selected rows as CSV with a header line (a cell a spreadsheet would run as a formula gets a leading quote),
 * written a batch of rows at a time so other requests are answered while a large export is built.
 */
export async function resourcesCostCsv(rows: readonly ResourceCostRow[]): Promise<string> {
  const parts = [stringify([[...RESOURCES_COST_CSV_COLUMNS]], { escape_formulas: true })];
  for (let start = 0; start < rows.length; start += CSV_ROWS_PER_TURN) {
    await yieldToEventLoop();
    parts.push(stringify(rows.slice(start, start + CSV_ROWS_PER_TURN).map(cells), { escape_formulas: true }));
  }
  return parts.join('');
}
