import { PLAN_CSV_COLUMNS } from '@finlens/contracts/cost-targets';
import { parse } from 'csv-parse/sync';
import { csvExport } from '../../platform/http/csv-export';
import type { PlanningChange } from './cost-targets.repo';

/** The plan as CSV: a `month,amount` header, then one row per month of the target (YYYY-MM, plain number). */
export function planToCsv(months: readonly string[], plannings: readonly PlanningChange[]): Promise<string> {
  const byMonth = new Map(plannings.map((p) => [p.month, p.amount]));
  return csvExport(PLAN_CSV_COLUMNS, months, (m) => [m, byMonth.get(m) ?? 0]);
}

export type PlanCsvResult =
  | { ok: true; changes: PlanningChange[] }
  | { ok: false; errors: Record<string, string[]> };

/**
 * Reads an uploaded plan. Every problem is reported, keyed `rows.<n>.<column>` (n counts data rows from 1,
 * the header is row 0), so the screen can point at each bad cell; any error means nothing is applied.
 */
export function parsePlanCsv(text: string, months: readonly string[]): PlanCsvResult {
  let records: string[][];
  try {
    records = parse(text, { skip_empty_lines: true, trim: true, bom: true, relax_column_count: true });
  } catch (error) {
    return { ok: false, errors: { csv: [`Not a readable CSV file: ${(error as Error).message}`] } };
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((c) => c.toLowerCase());
  if (columns.join(',') !== PLAN_CSV_COLUMNS.join(',')) {
    return {
      ok: false,
      errors: { 'rows.0': [`The first row must be the header ${PLAN_CSV_COLUMNS.join(',')}.`] },
    };
  }
  const allowed = new Set(months);
  const seen = new Set<string>();
  const errors: Record<string, string[]> = {};
  const changes: PlanningChange[] = [];
  rows.forEach((row, index) => {
    const n = index + 1;
    const [month = '', amountText = ''] = row;
    const amount = Number(amountText);
    if (!allowed.has(month)) {
      errors[`rows.${n}.month`] = [
        `"${month}" is not a month of this target (${months[0]} to ${months.at(-1)}).`,
      ];
    } else if (seen.has(month)) {
      errors[`rows.${n}.month`] = [`${month} appears twice.`];
    }
    if (amountText === '' || !Number.isFinite(amount) || amount < 0) {
      errors[`rows.${n}.amount`] = [`"${amountText}" is not an amount of 0 or more.`];
    }
    seen.add(month);
    changes.push({ month, amount });
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (changes.length === 0) return { ok: false, errors: { 'rows.1': ['The file has no plan rows.'] } };
  return { ok: true, changes };
}
