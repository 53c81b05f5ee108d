import { NO_SERVICE } from '@finlens/contracts/chargebacks';
import type { CostTypeName } from '@finlens/contracts/cost-summary';
import { type AllocationCell, allocateDay, valueOfRaw } from '@finlens/cost-model/allocation';
import { addMonths, endOfMonth } from '@finlens/cost-model/utc-calendar';
import { COST_TYPES } from '../../warehouse/canonical-schema';
import type { AllocationPort } from '../../warehouse/cost-query/allocation-port';
import {
  type AllocationInput,
  allocationInput,
  costTypeIndex,
  ledgerOf,
  runAllocationCells,
  type ShowbackView,
} from '../showbacks/showbacks.service';
import type { RawLine } from './statement';

/** A month of a showback as a statement needs it: lines per value, Unallocated and the scope total. */
export interface MonthAllocation {
  lines: Omit<RawLine, 'markup_percent'>[];
  unallocated: number;
  scope_total: number;
}

/** The value a cell's cost goes to directly: an assign rule's target or its tag value; null for a shared pool or none. */
function directValue(cell: AllocationCell, input: AllocationInput): string | null {
  const rule = cell.rule === null ? undefined : input.rules.find((r) => r.id === cell.rule);
  if (rule !== undefined) return rule.kind === 'assign' ? rule.target : null;
  return valueOfRaw(cell.raw, input.mapping);
}

/**
 * Allocates a showback over `month` and the month before in one pass over cells grouped by service
 * (product_servicename): the same arithmetic as its detail (allocateDay on each day's cells), so each value's
 * direct + shared is its cost_distribution total, and the service lines split exactly its direct cost.
 */
export async function allocateMonth(
  warehouse: AllocationPort,
  view: ShowbackView,
  month: string,
  costType: CostTypeName,
): Promise<MonthAllocation> {
  const start = `${month}-01`;
  const input = allocationInput(view, { from: addMonths(start, -1), to: endOfMonth(start) });
  const [cells, totals] = await Promise.all([
    runAllocationCells(warehouse, input, 'product_servicename'),
    warehouse.allocationScopeTotals(input),
  ]);
  const t = costTypeIndex(costType);
  const inMonth = (day: string) => day >= start;

  const byDay = new Map<string, AllocationCell[]>();
  const services = new Map<string, Map<string, number>>();
  for (const cell of cells) {
    byDay.set(cell.day, [...(byDay.get(cell.day) ?? []), cell]);
    const value = directValue(cell, input);
    if (!inMonth(cell.day) || value === null) continue;
    const of = services.get(value) ?? new Map<string, number>();
    const service = cell.grp === null || cell.grp === '' ? NO_SERVICE : cell.grp;
    of.set(service, (of.get(service) ?? 0) + (cell.costs[t] ?? 0));
    services.set(value, of);
  }
  const days = [...byDay.keys()]
    .sort()
    .map((day) => allocateDay(day, byDay.get(day) ?? [], input.rules, input.mapping, COST_TYPES.length));
  const ledger = ledgerOf(days, t);

  const lines = [...ledger.values].map(([value, valueDays]) => {
    const parts = { direct: 0, shared: 0, previous: 0 };
    for (const [day, cell] of valueDays) {
      if (inMonth(day)) {
        parts.direct += cell.direct;
        parts.shared += cell.shared;
      } else parts.previous += cell.direct + cell.shared;
    }
    const costs = [...(services.get(value) ?? [])].map(([service, cost]) => ({ service, cost }));
    return {
      value,
      direct: parts.direct,
      shared: parts.shared,
      services: costs,
      previous_month_subtotal: parts.previous,
    };
  });
  let unallocated = 0;
  for (const [day, cell] of ledger.unallocated) if (inMonth(day)) unallocated += cell.direct;
  const scope_total = totals
    .filter((row) => inMonth(row.day))
    .reduce((sum, row) => sum + (row.costs[t] ?? 0), 0);
  return { lines, unallocated, scope_total };
}
