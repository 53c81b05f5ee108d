import { RESOURCES_COST_CSV_COLUMNS, type ResourceCostRow } from '@finlens/contracts/resources-cost';
import { stringify } from 'csv-stringify/sync';

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

/** The selected rows as CSV with a header line (a cell a spreadsheet would run as a formula gets a leading quote). */
export function resourcesCostCsv(rows: readonly ResourceCostRow[]): string {
  return stringify([[...RESOURCES_COST_CSV_COLUMNS], ...rows.map(cells)], { escape_formulas: true });
}
