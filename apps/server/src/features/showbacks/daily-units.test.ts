import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/http-error';
import { MAX_UNIT_PROBLEMS, parseDailyUnits } from './daily-units';

/** The 400 a parse fails with: its detail and its `errors` (field → messages). */
function failure(body: Parameters<typeof parseDailyUnits>[0]) {
  try {
    parseDailyUnits(body);
  } catch (error) {
    if (error instanceof HttpError) return { detail: error.message, errors: error.errors ?? {} };
    throw error;
  }
  throw new Error('parsed without a problem');
}

/** The field a parse fails on first (the first key of the 400's `errors`). */
const failedField = (body: Parameters<typeof parseDailyUnits>[0]) => Object.keys(failure(body).errors)[0];

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

  it('names the bad row and column', () => {
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

  it('names every bad row and column of a file, good rows between them counting for nothing', () => {
    const csv =
      'showback_value,date,units\nweb,2026-11-01,1\nweb,2026-11-31,-1\ndb,2026-11-02,2\n,2026-11-03,x\n';
    const { detail, errors } = failure({ csv });
    expect(errors).toEqual({
      'csv.3.date': ['Line 3, column date: Enter a real date written YYYY-MM-DD.'],
      'csv.3.units': ['Line 3, column units: Enter a number of 0 or more.'],
      'csv.5.showback_value': ['Line 5, column showback_value: Enter the showback value.'],
      'csv.5.units': ['Line 5, column units: Enter a number of 0 or more.'],
    });
    expect(detail).toBe(
      'csv.3.date: Line 3, column date: Enter a real date written YYYY-MM-DD. (4 problems)',
    );
    expect(
      Object.keys(failure({ rows: [{ showback_value: 'web', date: 'x', units: 1 }, { units: 1 }] }).errors),
    ).toEqual(['rows.0.date', 'rows.1.showback_value', 'rows.1.date']);
  });

  it(`lists at most ${MAX_UNIT_PROBLEMS} problems and says how many there are`, () => {
    const rows = Array.from({ length: 150 }, () => ({
      showback_value: 'web',
      date: '2026-11-01',
      units: -1,
    }));
    const { detail, errors } = failure({ rows });
    expect(Object.keys(errors)).toHaveLength(MAX_UNIT_PROBLEMS);
    expect(Object.keys(errors).at(-1)).toBe(`rows.${MAX_UNIT_PROBLEMS - 1}.units`);
    expect(detail).toContain(`(150 problems, the first ${MAX_UNIT_PROBLEMS} listed)`);
  });
});
