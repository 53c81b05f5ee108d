/** Query keys of the Home page's own calls (its cost queries share the Explorer's keys). */
export const homeKeys = {
  all: ['home'] as const,
  costSummary: () => [...homeKeys.all, 'cost-summary'] as const,
};
