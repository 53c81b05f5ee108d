import { stringify } from 'csv-stringify/sync';
import { yieldToEventLoop } from '../event-loop';

/** Rows written between turns of the event loop: an export may hold 100,000 resources or pods. */
const CSV_ROWS_PER_TURN = 2048;

/**
 * An export as CSV with a header line (a cell a spreadsheet would run as a formula gets a leading quote), written
 * a batch of rows per turn of the event loop so other requests are answered while a large export is built.
 */
export async function csvExport<T>(
  header: readonly string[],
  rows: readonly T[],
  cellsOf: (row: T) => readonly (string | number | null)[],
): Promise<string> {
  const options = { escape_formulas: true };
  const parts = [stringify([[...header]], options)];
  for (let start = 0; start < rows.length; start += CSV_ROWS_PER_TURN) {
    await yieldToEventLoop();
    parts.push(
      stringify(
        rows.slice(start, start + CSV_ROWS_PER_TURN).map((row) => [...cellsOf(row)]),
        options,
      ),
    );
  }
  return parts.join('');
}
