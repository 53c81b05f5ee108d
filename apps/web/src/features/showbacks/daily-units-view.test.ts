import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { unitsErrors, unitsTemplate } from './daily-units-view';

describe('unitsErrors', () => {
  it('reads the line and column of a cell, and the file-wide problems', () => {
    const error = new ApiError(400, 'Line 3, column units: Enter a number of 0 or more.', {
      detail: 'Line 3, column units: Enter a number of 0 or more.',
      errors: {
        'csv.3.units': ['Line 3, column units: Enter a number of 0 or more.'],
        csv: ['The header needs a date column.'],
      },
    });
    expect(unitsErrors(error)).toEqual([
      { line: 3, column: 'units', message: 'Enter a number of 0 or more.' },
      { line: null, column: null, message: 'The header needs a date column.' },
    ]);
  });

  it('falls back to the message of any other failure', () => {
    expect(unitsErrors(new ApiError(500, 'Something went wrong.', null))).toEqual([
      { line: null, column: null, message: 'Something went wrong.' },
    ]);
  });
});

describe('unitsTemplate', () => {
  it('has the header and a row per value, quoting cells with commas or quotes', () => {
    expect(unitsTemplate(['web', 'eu, "west"'], '2026-11-01')).toBe(
      'showback_value,date,units\nweb,2026-11-01,\n"eu, ""west""",2026-11-01,\n',
    );
  });
});
