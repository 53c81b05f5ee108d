/** Query keys of the Analysis page; mutations invalidate `all`. */
export const reportKeys = {
  all: ['reports'] as const,
  list: (hidden: boolean) => [...reportKeys.all, 'list', hidden] as const,
  globals: () => [...reportKeys.all, 'global'] as const,
  one: (id: string) => [...reportKeys.all, 'one', id] as const,
};

/** Fills the `:id` of a REPORT_PATHS entry. */
export const reportPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));
