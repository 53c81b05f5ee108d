import { ApiError } from '../../lib/api-client';

const UNITS_COLUMNS = ['showback_value', 'date', 'units'] as const;

/** A problem the server found in an uploaded file: its line and column when it names them. */
export interface UnitsError {
  line: number | null;
  column: string | null;
  message: string;
}

/**
 * The problems of a refused upload, from the 400's `errors` (`csv.<line>.<column>` for a cell, `csv` for the
 * file); any other failure is one problem with its message.
 */
export function unitsErrors(error: Error): UnitsError[] {
  const body =
    error instanceof ApiError ? (error.body as { errors?: Record<string, string[]> } | null) : null;
  const entries = Object.entries(body?.errors ?? {});
  if (entries.length === 0) return [{ line: null, column: null, message: error.message }];
  return entries.flatMap(([field, messages]) => {
    const cell = /^csv\.(\d+)\.(\w+)$/.exec(field);
    return messages.map((message) => ({
      line: cell ? Number(cell[1]) : null,
      column: cell?.[2] ?? null,
      // The table shows the line and column already.
      message: cell ? message.replace(/^Line \d+, column \w+: /, '') : message,
    }));
  });
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The template to fill: the header and a row per value for `date`, units left to fill in. */
export function unitsTemplate(values: readonly string[], date: string): string {
  const rows = values.map((value) => `${csvCell(value)},${date},`);
  return `${[UNITS_COLUMNS.join(','), ...rows].join('\n')}\n`;
}
