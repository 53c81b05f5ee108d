import { parseIsoDate } from '@finlens/cost-model/cost-query';
import { fieldError } from '../../platform/http/http-error';

export interface DailyUnitRow {
  showback_value: string;
  date: string;
  units: number;
}

const COLUMNS = ['showback_value', 'date', 'units'] as const;

/**
 * Daily units from JSON rows or CSV text (header showback_value,date,units, any order). The first bad row is a
 * 400 naming it and its column (`rows.<index>.<column>`, or `csv.<line>.<column>` with the file's line number);
 * nothing is applied then.
 */
export function parseDailyUnits(body: { rows: Record<string, unknown>[] } | { csv: string }): DailyUnitRow[] {
  if ('rows' in body)
    return body.rows.map((row, i) => checkRow(row, (column) => `rows.${i}.${column}`, `Row ${i + 1}`));
  const lines = body.csv.split(/\r?\n/).map((line, i) => ({ cells: splitCsvLine(line), line: i + 1 }));
  const [header, ...data] = lines.filter((l) => l.cells.some((c) => c.trim() !== ''));
  if (header === undefined) throw fieldError('csv', ['Send a header line and at least one row.']);
  const names = header.cells.map((c) => c.trim());
  const missing = COLUMNS.find((c) => !names.includes(c));
  if (missing !== undefined) throw fieldError('csv', [`The header needs a ${missing} column.`]);
  if (data.length === 0) throw fieldError('csv', ['Send at least one row.']);
  return data.map(({ cells, line }) => {
    const row = Object.fromEntries(names.map((name, i) => [name, cells[i]]));
    return checkRow(row, (column) => `csv.${line}.${column}`, `Line ${line}`);
  });
}

function checkRow(
  row: Record<string, unknown>,
  field: (column: string) => string,
  where: string,
): DailyUnitRow {
  const fail = (column: string, message: string) =>
    fieldError(field(column), [`${where}, column ${column}: ${message}`]);
  const value = typeof row.showback_value === 'string' ? row.showback_value.trim() : '';
  if (value === '') throw fail('showback_value', 'Enter the showback value.');
  const date = typeof row.date === 'string' ? row.date.trim() : '';
  if (parseIsoDate(date) === null) throw fail('date', 'Enter a real date written YYYY-MM-DD.');
  const units =
    typeof row.units === 'number'
      ? row.units
      : typeof row.units === 'string' && row.units.trim() !== ''
        ? Number(row.units)
        : Number.NaN;
  if (!Number.isFinite(units) || units < 0) throw fail('units', 'Enter a number of 0 or more.');
  return { showback_value: value, date, units };
}

/** One CSV line into cells: commas separate, double quotes wrap cells and "" is a quote inside one. */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
