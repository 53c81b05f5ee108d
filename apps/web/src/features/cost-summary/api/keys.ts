/** Query keys of the spend summary (the app bar's month-to-date chip and the Home cards share one entry). */
export const costSummaryKeys = {
  all: ['cost-summary'] as const,
  summary: () => [...costSummaryKeys.all, 'summary'] as const,
};
