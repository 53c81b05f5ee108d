import type { CostTypeName } from '@finlens/contracts/cost-summary';
import { UNALLOCATED } from '@finlens/cost-model/allocation';
import { addDays, startOfMonth, utcDay } from '@finlens/cost-model/utc-calendar';
import type { ClientCaller } from '../../platform/auth/caller';
import { fieldError, HttpError, notFound } from '../../platform/http/http-error';
import { COST_TYPES } from '../../warehouse/canonical-schema';
import type { CostScopes, ReadScope } from '../../warehouse/cost-scope';
import type { AllocationInput, EngineRule } from './showback-allocation';
import type { ShowbackConfig, ShowbacksRepo, StoredRule } from './showbacks.repo';

/** A showback as one caller may see it: `visible` null means every value (and Unallocated). */
export interface ShowbackView {
  config: ShowbackConfig;
  visible: ReadonlySet<string> | null;
  /** The projects it allocates: the ones it names (a project removed since drops out), or all of the client's. */
  scope: ReadScope;
}

/** What loading a showback view reads. */
export interface ShowbackViewDeps {
  repo: ShowbacksRepo;
  scopes: CostScopes;
}

export interface DayRange {
  from: string;
  to: string;
}

/** Index of a cost type in the engine's per-cost-type arrays. */
export const costTypeIndex = (costType: CostTypeName) => COST_TYPES.indexOf(costType);

/** The requested range; month to date of `today` by default. */
export function rangeOf(query: { start_date?: string; end_date?: string }, today: Date): DayRange {
  const to = query.end_date ?? utcDay(today);
  const from = query.start_date ?? startOfMonth(to);
  if (from > to) throw fieldError('end_date', ['The end date is before the start date.']);
  if (addDays(from, 731) <= to) throw fieldError('start_date', ['Choose a range of at most two years.']);
  return { from, to };
}

/** Loads a showback of the caller's client (404 otherwise) with the values the caller may see (spec §6). */
export async function viewOf(
  { repo, scopes }: ShowbackViewDeps,
  caller: ClientCaller,
  id: string,
): Promise<ShowbackView> {
  const config = await repo.config(caller.clientId, id);
  if (config === null) throw notFound();
  const [scope, visible] = await Promise.all([
    scopes.saved(caller, config.showback.project_ids),
    visibleValues(repo, caller, id),
  ]);
  return { config, visible, scope };
}

async function visibleValues(repo: ShowbacksRepo, caller: ClientCaller, showbackId: string) {
  if (caller.role === 'admin') return null;
  const membership = await repo.membership(caller.clientId, caller.user.id);
  if (membership === undefined || membership.allowed_all_showback_values) return null;
  return new Set(await repo.grants(showbackId, caller.user.id));
}

/** Rules, Unallocated, reconciliation and other values' resources are only for callers who see every value. */
export function requireAllValues(view: ShowbackView): void {
  if (view.visible !== null) {
    throw new HttpError(403, 'You do not have permission to perform this action.');
  }
}

/** A value the caller may ask about: one they see, or Unallocated when they see everything; 404 otherwise. */
export function requireVisibleValue(view: ShowbackView, value: string): void {
  const ok = view.visible === null || (value !== UNALLOCATED && view.visible.has(value));
  if (!ok) throw notFound();
}

export const isVisible = (view: ShowbackView, value: string) =>
  view.visible === null || (value !== UNALLOCATED && view.visible.has(value));

/** A stored rule as the engine runs it. */
export function engineRule(
  rule: Pick<StoredRule, 'id' | 'kind' | 'target_value' | 'split_method' | 'splits' | 'filters'>,
): EngineRule {
  const filters = rule.filters.map((f) => f.filter);
  if (rule.kind === 'assign') {
    return { id: rule.id, kind: 'assign', target: rule.target_value ?? UNALLOCATED, filters };
  }
  return { id: rule.id, kind: 'share', method: rule.split_method ?? 'even', splits: rule.splits, filters };
}

/** Everything runAllocation needs for a showback over a range, with its rules or the given ones. */
export function allocationInput(view: ShowbackView, range: DayRange, rules?: EngineRule[]): AllocationInput {
  const { showback, combined, hidden } = view.config;
  const combinedMap = new Map<string, string>();
  for (const cv of combined) for (const raw of cv.combined_values) combinedMap.set(raw, cv.name);
  return {
    clientId: showback.client_id,
    projectIds: view.scope.projectIds,
    projectNames: view.scope.projectNames,
    from: range.from,
    to: range.to,
    tagType: showback.allocation_tag_type,
    tagKeys: showback.tag_keys,
    rules: rules ?? view.config.rules.map(engineRule),
    mapping: { combined: combinedMap, hidden: new Set(hidden) },
  };
}

/** Values named by the configuration: combined names, assign targets and split values. */
export function configuredValues(config: ShowbackConfig): string[] {
  const values = new Set<string>(config.combined.map((c) => c.name));
  for (const rule of config.rules) {
    if (rule.target_value !== null) values.add(rule.target_value);
    for (const split of rule.splits) values.add(split.value);
  }
  return [...values].sort();
}
