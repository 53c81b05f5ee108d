import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/http-error';
import { parseDailyUnits } from './daily-units';

/** The field a parse fails on (the key of the 400's `errors`). */
function failedField(body: Parameters<typeof parseDailyUnits>[0]): string | undefined {
  try {
    parseDailyUnits(body);
  } catch (error) {
    if (error instanceof HttpError) return Object.keys(error.errors ?? {})[0];
    throw error;
  }
  return undefined;
}

describe('parseDailyUnits', () => {
  it('reads CSV with the columns in any order, quoted cells and blank lines', () => {
    const csv = 'units,showback_value,date\r\n12.5,"web, eu",2026-11-01\n\n0,db,2026-11-02\n';
    expect(parseDailyUnits({ csv })).toEqual([
      { showback_value: 'web, eu', date: '2026-11-01', units: 12.5 },
      { showback_value: 'db', date: '2026-11-02', units: 0 },
    ]);
  });

  it('reads JSON rows with numbers or numeric text', () => {
    expect(parseDailyUnits({ rows: [{ showback_value: 'web', date: '2026-11-01', units: '3' }] })).toEqual([
      { showback_value: 'web', date: '2026-11-01', units: 3 },
    ]);
  });

  it('names the first bad row and column', () => {
    expect(failedField({ rows: [{ showback_value: '', date: '2026-11-01', units: 1 }] })).toBe(
      'rows.0.showback_value',
    );
    expect(failedField({ rows: [{ showback_value: 'web', date: '2026-02-30', units: 1 }] })).toBe(
      'rows.0.date',
    );
    expect(failedField({ csv: 'showback_value,date,units\nweb,2026-11-01,-1' })).toBe('csv.2.units');
    expect(failedField({ csv: 'showback_value,units\nweb,1' })).toBe('csv');
    expect(failedField({ csv: 'showback_value,date,units\n' })).toBe('csv');
  });
});
