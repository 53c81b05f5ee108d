import { parseIsoDate } from '@finlens/cost-model/cost-query';
import { fieldError, HttpError } from '../../platform/http/http-error';

export interface DailyUnitRow {
  showback_value: string;
  date: string;
  units: number;
}

const COLUMNS = ['showback_value', 'date', 'units'] as const;

/** At most this many bad cells are listed in a 400 (a whole file of bad rows stays a readable answer). */
export const MAX_UNIT_PROBLEMS = 100;

type Problem = [field: string, message: string];

/**
 * Daily units from JSON rows or CSV text (header showback_value,date,units, any order). Every bad cell (up to
 * MAX_UNIT_PROBLEMS) is a 400 entry naming its row and column (`rows.<index>.<column>`, or
 * `csv.<line>.<column>` with the file's line number); nothing is applied then.
 */
export function parseDailyUnits(body: { rows: Record<string, unknown>[] } | { csv: string }): DailyUnitRow[] {
  if ('rows' in body)
    return checkRows(
      body.rows.map((row, i) => ({ row, field: (column) => `rows.${i}.${column}`, where: `Row ${i + 1}` })),
    );
  const lines = body.csv.split(/\r?\n/).map((line, i) => ({ cells: splitCsvLine(line), line: i + 1 }));
  const [header, ...data] = lines.filter((l) => l.cells.some((c) => c.trim() !== ''));
  if (header === undefined) throw fieldError('csv', ['Send a header line and at least one row.']);
  const names = header.cells.map((c) => c.trim());
  const missing = COLUMNS.find((c) => !names.includes(c));
  if (missing !== undefined) throw fieldError('csv', [`The header needs a ${missing} column.`]);
  if (data.length === 0) throw fieldError('csv', ['Send at least one row.']);
  return checkRows(
    data.map(({ cells, line }) => ({
      row: Object.fromEntries(names.map((name, i) => [name, cells[i]])),
      field: (column: string) => `csv.${line}.${column}`,
      where: `Line ${line}`,
    })),
  );
}

interface Located {
  row: Record<string, unknown>;
  field: (column: string) => string;
  where: string;
}

/** The rows when all are good; otherwise a 400 listing every bad cell (the first MAX_UNIT_PROBLEMS). */
function checkRows(rows: Located[]): DailyUnitRow[] {
  const good: DailyUnitRow[] = [];
  const problems: Problem[] = [];
  for (const located of rows) {
    const checked = checkRow(located);
    if (Array.isArray(checked)) problems.push(...checked);
    else good.push(checked);
  }
  if (problems.length === 0) return good;
  const listed = problems.slice(0, MAX_UNIT_PROBLEMS);
  const [field, message] = listed[0] as Problem;
  const count =
    problems.length > 1
      ? ` (${problems.length} problems${problems.length > listed.length ? `, the first ${listed.length} listed` : ''})`
      : '';
  throw new HttpError(
    400,
    `${field}: ${message}${count}`,
    Object.fromEntries(listed.map(([f, m]) => [f, [m]])),
  );
}

/** A good row, or its problems: one per bad column. */
function checkRow({ row, field, where }: Located): DailyUnitRow | Problem[] {
  const problems: Problem[] = [];
  const fail = (column: string, message: string) =>
    problems.push([field(column), `${where}, column ${column}: ${message}`]);
  const value = typeof row.showback_value === 'string' ? row.showback_value.trim() : '';
  if (value === '') fail('showback_value', 'Enter the showback value.');
  const date = typeof row.date === 'string' ? row.date.trim() : '';
  if (parseIsoDate(date) === null) fail('date', 'Enter a real date written YYYY-MM-DD.');
  const units =
    typeof row.units === 'number'
      ? row.units
      : typeof row.units === 'string' && row.units.trim() !== ''
        ? Number(row.units)
        : Number.NaN;
  if (!Number.isFinite(units) || units < 0) fail('units', 'Enter a number of 0 or more.');
  return problems.length > 0 ? problems : { showback_value: value, date, units };
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
