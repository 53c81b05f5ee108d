import { SPLIT_COST_OPERATIONS } from '@finlens/cost-model/billing-line-item-types';

/** Positional parameters in the order they are added to the SQL: user values are never spliced in. */
export function sqlParameters() {
  const values: unknown[] = [];
  return {
    values,
    add: (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    },
  };
}

/**
 * Leaves out split-cost-allocation rows (EKS pods, ECS tasks): they re-state part of an instance row's
 * cost, so counting both would double it. Every cost total over line items uses this one predicate.
 */
export function notSplitCostRow(params: ReturnType<typeof sqlParameters>): string {
  return `(line_item_operation IS NULL OR line_item_operation NOT IN (${SPLIT_COST_OPERATIONS.map(params.add).join(', ')}))`;
}
