import { describe, expect, it } from 'vitest';
import { compactTablePageSize, tablePageSize } from './page-size';

describe('page sizes by width (spec §9)', () => {
  it.each([
    [320, 10, 10],
    [1023, 10, 10],
    [1024, 20, 7],
    [1399, 20, 7],
    [1400, 30, 6],
    [1599, 30, 6],
    [1600, 50, 3],
    [2560, 50, 3],
  ])('%i px → %i rows, compact %i', (width, table, compact) => {
    expect(tablePageSize(width)).toBe(table);
    expect(compactTablePageSize(width)).toBe(compact);
  });
});
