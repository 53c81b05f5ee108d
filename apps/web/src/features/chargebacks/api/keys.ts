import type { StatementInput, StatementsQuery } from '@finlens/contracts/chargebacks';

export const chargebackKeys = {
  all: ['chargebacks'] as const,
  showbacks: () => [...chargebackKeys.all, 'showbacks'] as const,
  preview: (input: StatementInput) => [...chargebackKeys.all, 'preview', input] as const,
  statements: () => [...chargebackKeys.all, 'statements'] as const,
  list: (query: StatementsQuery) => [...chargebackKeys.statements(), 'list', query] as const,
  one: (id: string) => [...chargebackKeys.statements(), 'one', id] as const,
};
