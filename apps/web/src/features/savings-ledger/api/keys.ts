/** Query keys of the savings ledger. */
export const ledgerKeys = {
  all: ['savings-ledger'] as const,
  entry: (recommendationId: string) => [...ledgerKeys.all, 'entry', recommendationId] as const,
  totals: (groupBy: string) => [...ledgerKeys.all, 'totals', groupBy] as const,
  entries: (source: string) => [...ledgerKeys.all, 'entries', source] as const,
  remediation: () => [...ledgerKeys.all, 'remediation'] as const,
};
