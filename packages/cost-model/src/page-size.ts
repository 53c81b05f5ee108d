/**
 * Spec §9 page sizes by viewport width (px): under 1024 → 10, under 1400 → 20, under 1600 → 30, else 50
 * rows (the main tables); the compact table (cards, side lists) uses 10, 7, 6 and 3 at the same breakpoints.
 */
const BREAKPOINTS = [1024, 1400, 1600] as const;
const TABLE_PAGE_SIZES = [10, 20, 30, 50] as const;
const COMPACT_PAGE_SIZES = [10, 7, 6, 3] as const;

function band(width: number): 0 | 1 | 2 | 3 {
  const index = BREAKPOINTS.findIndex((limit) => width < limit);
  return (index === -1 ? 3 : index) as 0 | 1 | 2 | 3;
}

/** Rows per page of a main table (the Explorer grid) at a viewport width. */
export function tablePageSize(width: number): number {
  return TABLE_PAGE_SIZES[band(width)];
}

/** Rows per page of the compact table at a viewport width. */
export function compactTablePageSize(width: number): number {
  return COMPACT_PAGE_SIZES[band(width)];
}
