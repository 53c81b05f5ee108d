import type { DateRange } from '@finlens/cost-model/range-presets';

/** Query keys of the Tag explorer; policy changes invalidate `all` (rows carry violation counts). */
export const tagExplorerKeys = {
  all: ['tag-explorer'] as const,
  rows: (range: DateRange) => [...tagExplorerKeys.all, 'rows', range] as const,
  values: (key: string, range: DateRange) => [...tagExplorerKeys.all, 'values', key, range] as const,
  untagged: (key: string | null, range: DateRange) =>
    [...tagExplorerKeys.all, 'untagged', key, range] as const,
  policies: () => [...tagExplorerKeys.all, 'policies'] as const,
  violations: (range: DateRange) => [...tagExplorerKeys.all, 'violations', range] as const,
};

/** cost_page GETs carry imply_client (spec §7). */
export const IMPLY_CLIENT = { imply_client: 'true' } as const;
