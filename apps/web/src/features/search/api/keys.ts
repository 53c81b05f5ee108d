/** Query keys of global search. */
export const searchKeys = {
  all: ['search'] as const,
  autoComplete: (query: string) => [...searchKeys.all, 'auto-complete', query] as const,
  query: (params: Record<string, string>) => [...searchKeys.all, 'query', params] as const,
};
