import type { CostFilter } from '@finlens/contracts/cost-query';
import type {
  AllocationRuleInput,
  Showback,
  ShowbackInput,
  ShowbackPatch,
} from '@finlens/contracts/showbacks';
import { fixedSplitProblem, moveBefore, UNALLOCATED } from '@finlens/cost-model/allocation';
import type { ClientCaller } from '../../platform/auth/caller';
import { fieldError, notFound } from '../../platform/http/http-error';
import { parseDailyUnits } from './daily-units';
import {
  configuredValues,
  requireAllValues,
  type ShowbackView,
  type ShowbackViewDeps,
  viewOf,
} from './showback-context';
import type { ShowbackConfig, StoredRule } from './showbacks.repo';

/** What chargebacks builds on: a showback's view, its allocation run and its ledger. */
export { type AllocationInput, runAllocationCells } from './showback-allocation';
export {
  allocationInput,
  costTypeIndex,
  type ShowbackView,
  type ShowbackViewDeps,
  viewOf,
} from './showback-context';
export { ledgerOf } from './showback-ledger';

type RuleSettings = Pick<AllocationRuleInput, 'kind' | 'target_value' | 'split_method' | 'splits'>;

/** An assign rule needs a target, a share rule a method (fixed: percents adding up to 100). */
function checkRuleSettings(rule: RuleSettings): void {
  if (rule.kind === 'assign') {
    if (rule.target_value === null)
      throw fieldError('target_value', ['Choose the value that gets the cost.']);
    if (rule.target_value === UNALLOCATED)
      throw fieldError('target_value', [`'${UNALLOCATED}' is reserved.`]);
    return;
  }
  if (rule.split_method === null) throw fieldError('split_method', ['Choose how the shared cost is split.']);
  if (rule.splits.some((s) => s.value === UNALLOCATED))
    throw fieldError('splits', [`'${UNALLOCATED}' is reserved.`]);
  if (rule.split_method === 'fixed') {
    const problem = fixedSplitProblem(rule.splits);
    if (problem !== null) throw fieldError('splits', [problem]);
  }
}

/** The showback configuration calls: showbacks, combined values, rules and their filters, units, value access. */
export function createShowbacksService(deps: ShowbackViewDeps) {
  const { repo, scopes } = deps;

  function summary(config: ShowbackConfig, visible: ReadonlySet<string> | null): Showback {
    const { showback } = config;
    return {
      id: showback.id,
      name: showback.name,
      tag_keys: showback.tag_keys,
      allocation_tag_type: showback.allocation_tag_type,
      project_ids: showback.project_ids,
      is_active: showback.is_active,
      combined_values: config.combined,
      hide_values: config.hidden,
      showback_values: visible === null ? configuredValues(config) : [...visible].sort(),
      allowed_all_showback_values: visible === null,
      rules_count: config.rules.length,
    };
  }

  async function ruleOf(view: ShowbackView, ruleId: string): Promise<StoredRule> {
    const rule = view.config.rules.find((r) => r.id === ruleId);
    if (rule === undefined) throw notFound();
    return rule;
  }

  async function adminView(caller: ClientCaller, id: string): Promise<ShowbackView> {
    const view = await viewOf(deps, caller, id);
    requireAllValues(view);
    return view;
  }

  return {
    summary,

    async list(caller: ClientCaller): Promise<Showback[]> {
      const rows = await repo.list(caller.clientId);
      return Promise.all(
        rows.map(async (row) => {
          const view = await viewOf(deps, caller, row.id);
          return summary(view.config, view.visible);
        }),
      );
    },

    async get(caller: ClientCaller, id: string): Promise<Showback> {
      const view = await viewOf(deps, caller, id);
      return summary(view.config, view.visible);
    },

    async create(caller: ClientCaller, input: ShowbackInput): Promise<Showback> {
      await scopes.requested(caller, input.project_ids);
      const names = input.combined_values.map((c) => c.name);
      if (names.includes(UNALLOCATED)) throw fieldError('combined_values', [`'${UNALLOCATED}' is reserved.`]);
      if (new Set(names).size !== names.length)
        throw fieldError('combined_values', ['Each name may appear once.']);
      const id = await repo.create(caller.clientId, input);
      return this.get(caller, id);
    },

    async update(caller: ClientCaller, id: string, patch: ShowbackPatch): Promise<Showback> {
      await adminView(caller, id);
      await scopes.requested(caller, patch.project_ids);
      await repo.update(id, patch);
      return this.get(caller, id);
    },

    async remove(caller: ClientCaller, id: string): Promise<void> {
      await adminView(caller, id);
      await repo.remove(id);
    },

    async setActive(caller: ClientCaller, ids: string[]): Promise<Showback[]> {
      const own = new Set((await repo.list(caller.clientId)).map((s) => s.id));
      if (ids.some((id) => !own.has(id)))
        throw fieldError('showback_ids', ['Choose showbacks of this client.']);
      await repo.setActive(caller.clientId, ids);
      return this.list(caller);
    },

    async addCombined(caller: ClientCaller, id: string, input: { name: string; combined_values: string[] }) {
      const view = await adminView(caller, id);
      if (input.name === UNALLOCATED) throw fieldError('name', [`'${UNALLOCATED}' is reserved.`]);
      if (view.config.combined.some((c) => c.name === input.name)) {
        throw fieldError('name', ['A combined value with this name exists.']);
      }
      return { id: await repo.addCombined(id, input), ...input };
    },

    async updateCombined(
      caller: ClientCaller,
      id: string,
      combinedId: string,
      input: { name: string; combined_values: string[] },
    ) {
      const view = await adminView(caller, id);
      if (view.config.combined.some((c) => c.name === input.name && c.id !== combinedId)) {
        throw fieldError('name', ['A combined value with this name exists.']);
      }
      if (!(await repo.updateCombined(id, combinedId, input))) throw notFound();
      return { id: combinedId, ...input };
    },

    async removeCombined(caller: ClientCaller, id: string, combinedId: string): Promise<void> {
      await adminView(caller, id);
      if (!(await repo.removeCombined(id, combinedId))) throw notFound();
    },

    async addRule(caller: ClientCaller, id: string, input: AllocationRuleInput): Promise<string> {
      const view = await adminView(caller, id);
      checkRuleSettings(input);
      if (input.before_rule_id !== null && !view.config.rules.some((r) => r.id === input.before_rule_id)) {
        throw fieldError('before_rule_id', ['Choose a rule of this showback.']);
      }
      const splits = input.kind === 'share' ? input.splits : [];
      const ruleId = await repo.addRule(
        id,
        {
          name: input.name,
          kind: input.kind,
          target_value: input.kind === 'assign' ? input.target_value : null,
          split_method: input.kind === 'share' ? input.split_method : null,
        },
        splits,
        input.filters,
      );
      if (input.before_rule_id !== null) {
        const order = moveBefore([...view.config.rules, { id: ruleId }], ruleId, input.before_rule_id);
        await repo.reorder(
          id,
          order.map((r) => r.id),
        );
      }
      return ruleId;
    },

    async updateRule(
      caller: ClientCaller,
      id: string,
      ruleId: string,
      patch: Partial<RuleSettings> & { name?: string },
    ): Promise<void> {
      const view = await adminView(caller, id);
      const rule = await ruleOf(view, ruleId);
      const merged: RuleSettings = {
        kind: patch.kind ?? rule.kind,
        target_value: patch.target_value === undefined ? rule.target_value : patch.target_value,
        split_method: patch.split_method === undefined ? rule.split_method : patch.split_method,
        splits: patch.splits ?? rule.splits.map((s) => ({ value: s.value, percent: s.percent })),
      };
      checkRuleSettings(merged);
      const fields = {
        ...(patch.name === undefined ? {} : { name: patch.name }),
        kind: merged.kind,
        target_value: merged.kind === 'assign' ? merged.target_value : null,
        split_method: merged.kind === 'share' ? merged.split_method : null,
      };
      await repo.updateRule(ruleId, fields, merged.kind === 'share' ? merged.splits : []);
    },

    async removeRules(caller: ClientCaller, id: string, ruleIds: string[]): Promise<void> {
      const view = await adminView(caller, id);
      const own = new Set(view.config.rules.map((r) => r.id));
      if (ruleIds.some((r) => !own.has(r)))
        throw fieldError('allocation_rule_ids', ['Choose rules of this showback.']);
      await repo.removeRules(id, ruleIds);
      const left = view.config.rules.filter((r) => !ruleIds.includes(r.id));
      await repo.reorder(
        id,
        left.map((r) => r.id),
      );
    },

    async moveBefore(
      caller: ClientCaller,
      id: string,
      ruleId: string,
      targetId: string | null,
    ): Promise<void> {
      const view = await adminView(caller, id);
      const own = new Set(view.config.rules.map((r) => r.id));
      if (!own.has(ruleId)) throw fieldError('rule_id', ['Choose a rule of this showback.']);
      if (targetId !== null && !own.has(targetId))
        throw fieldError('target_rule_id', ['Choose a rule of this showback.']);
      if (targetId === ruleId) throw fieldError('target_rule_id', ['Choose another rule.']);
      const order = moveBefore(view.config.rules, ruleId, targetId);
      await repo.reorder(
        id,
        order.map((r) => r.id),
      );
    },

    async filters(caller: ClientCaller, id: string, ruleId: string | undefined) {
      const view = await adminView(caller, id);
      if (ruleId !== undefined) await ruleOf(view, ruleId);
      return view.config.rules
        .filter((r) => ruleId === undefined || r.id === ruleId)
        .flatMap((r) => r.filters.map((f) => ({ id: f.id, allocation_rule_id: r.id, filter: f.filter })));
    },

    async addFilter(caller: ClientCaller, id: string, ruleId: string, filter: CostFilter) {
      const view = await adminView(caller, id);
      if (!view.config.rules.some((r) => r.id === ruleId)) {
        throw fieldError('allocation_rule_id', ['Choose a rule of this showback.']);
      }
      return { id: await repo.addFilter(ruleId, filter), allocation_rule_id: ruleId, filter };
    },

    async updateFilter(caller: ClientCaller, id: string, filterId: string, filter: CostFilter) {
      const view = await adminView(caller, id);
      const rule = view.config.rules.find((r) => r.filters.some((f) => f.id === filterId));
      if (rule === undefined) throw notFound();
      await repo.updateFilter(filterId, filter);
      return { id: filterId, allocation_rule_id: rule.id, filter };
    },

    async removeFilter(caller: ClientCaller, id: string, filterId: string): Promise<void> {
      const view = await adminView(caller, id);
      if (!view.config.rules.some((r) => r.filters.some((f) => f.id === filterId))) throw notFound();
      await repo.removeFilter(filterId);
    },

    async putUnits(
      caller: ClientCaller,
      id: string,
      body: { rows: Record<string, unknown>[] } | { csv: string },
    ) {
      await adminView(caller, id);
      const rows = parseDailyUnits(body);
      await repo.putUnits(id, rows);
      return { applied: rows.length };
    },

    async units(caller: ClientCaller, id: string, range: { from: string; to: string }) {
      const view = await viewOf(deps, caller, id);
      const rows = await repo.units(id, range.from, range.to);
      return { rows: rows.filter((r) => view.visible === null || view.visible.has(r.showback_value)) };
    },

    async accessList(caller: ClientCaller, id: string) {
      await adminView(caller, id);
      return { members: await repo.accessList(caller.clientId, id) };
    },

    async setAccess(
      caller: ClientCaller,
      id: string,
      body: { user_id: string; allowed_all_showback_values: boolean; showback_values: string[] },
    ) {
      await adminView(caller, id);
      const members = await repo.accessList(caller.clientId, id);
      if (!members.some((m) => m.user_id === body.user_id))
        throw fieldError('user_id', ['Choose a member of this client.']);
      await repo.setAccess(
        caller.clientId,
        id,
        body.user_id,
        body.allowed_all_showback_values,
        body.showback_values,
      );
      const updated = (await repo.accessList(caller.clientId, id)).find((m) => m.user_id === body.user_id);
      if (updated === undefined) throw notFound();
      return updated;
    },
  };
}

export type ShowbacksService = ReturnType<typeof createShowbacksService>;
