import { RESOURCES_COST_CSV_COLUMNS, type ResourceCostRow } from '@finlens/contracts/resources-cost';
import { csvExport } from '../../platform/http/csv-export';

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

/** The selected rows as CSV with a header line, written a batch of rows per turn of the event loop. */
export function resourcesCostCsv(rows: readonly ResourceCostRow[]): Promise<string> {
  return csvExport(RESOURCES_COST_CSV_COLUMNS, rows, cells);
}
