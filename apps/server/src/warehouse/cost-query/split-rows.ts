import { SPLIT_COST_OPERATIONS } from '@finlens/cost-model/billing-line-item-types';
import type { SqlDialect, SqlValues } from './sql-dialect';

/**
 * Leaves out split-cost-allocation rows (EKS pods, ECS tasks, told apart by their operation as AWS's CID
 * summary view does): they re-state part of an instance row's cost, so counting both would double it.
 */
export function notSplitRowSql(dialect: SqlDialect, values: SqlValues): string {
  const operation = dialect.identifier('line_item_operation');
  const split = SPLIT_COST_OPERATIONS.map((o) => values.add(o)).join(', ');
  return `(${operation} IS NULL OR ${operation} NOT IN (${split}))`;
}
