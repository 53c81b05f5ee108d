import type { Statement, StatementStatus } from '@finlens/contracts/chargebacks';
import { addMonths, startOfMonth } from '@finlens/cost-model/utc-calendar';

/** The last `count` closed months before `today`'s month, newest first, written YYYY-MM. */
export function closedMonths(today: string, count = 12): string[] {
  const current = startOfMonth(today);
  return Array.from({ length: count }, (_, i) => addMonths(current, -(i + 1)).slice(0, 7));
}

export const STATUS_LABELS: Record<Statement['status'], string> = {
  preview: 'Preview',
  draft: 'Draft',
  issued: 'Issued',
  void: 'Void',
};

export const STATUS_COLORS: Record<StatementStatus, 'default' | 'success' | 'error'> = {
  draft: 'default',
  issued: 'success',
  void: 'error',
};

/** What an admin can do next with a statement. */
export function nextActions(statement: Pick<Statement, 'status' | 'superseded_by_id'>) {
  return {
    issue: statement.status === 'draft',
    reissue: statement.status === 'issued' && statement.superseded_by_id === null,
    void: statement.status === 'draft' || statement.status === 'issued',
  };
}

/** Markup percentages typed per value: numbers only, empty and zero left out. */
export function markupsOf(typed: Record<string, string>): Record<string, number> {
  const markups: Record<string, number> = {};
  for (const [value, text] of Object.entries(typed)) {
    const n = Number(text);
    if (text.trim() !== '' && Number.isFinite(n) && n !== 0) markups[value] = n;
  }
  return markups;
}
