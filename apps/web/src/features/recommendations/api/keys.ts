/** Query keys of recommendations, Essentials and rules. */
export const recommendationKeys = {
  all: ['recommendations'] as const,
  list: (params: Record<string, string>) => [...recommendationKeys.all, 'list', params] as const,
  detail: (id: string) => [...recommendationKeys.all, 'detail', id] as const,
  essentials: () => [...recommendationKeys.all, 'essentials'] as const,
  rules: () => [...recommendationKeys.all, 'rules'] as const,
  ruleDashboard: (key: string) => [...recommendationKeys.all, 'rule-dashboard', key] as const,
  ruleChanges: (params: Record<string, string>) =>
    [...recommendationKeys.all, 'rule-changes', params] as const,
};
