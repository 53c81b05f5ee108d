import { stringify } from 'csv-stringify/sync';
import { yieldToEventLoop } from '../event-loop';

/** Rows written between turns of the event loop: an export may hold 100,000 resources or pods. */
const CSV_ROWS_PER_TURN = 2048;

type CsvCell = string | number | null;

/** The first characters that make a spreadsheet run a cell as a formula (OWASP CSV injection; full-width too). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** An amount written as text (a statement's "-12.50"): a spreadsheet reads it as the number it is. */
const PLAIN_AMOUNT = /^-?\d+(\.\d+)?$/;

/** A text cell a spreadsheet would run as a formula gets a leading quote; numbers and amounts stay as they are. */
function safeCell(cell: CsvCell): CsvCell {
  return typeof cell === 'string' && FORMULA_START.test(cell) && !PLAIN_AMOUNT.test(cell) ? `'${cell}` : cell;
}

/**
 * An export as CSV with a header line (a cell a spreadsheet would run as a formula gets a leading quote), written
 * a batch of rows per turn of the event loop so other requests are answered while a large export is built.
 */
export async function csvExport<T>(
  header: readonly string[],
  rows: readonly T[],
  cellsOf: (row: T) => readonly CsvCell[],
): Promise<string> {
  const parts = [stringify([[...header]])];
  for (let start = 0; start < rows.length; start += CSV_ROWS_PER_TURN) {
    await yieldToEventLoop();
    parts.push(
      stringify(rows.slice(start, start + CSV_ROWS_PER_TURN).map((row) => cellsOf(row).map(safeCell))),
    );
  }
  return parts.join('');
}
