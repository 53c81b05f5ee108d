import { isDeepStrictEqual } from 'node:util';
import type { LedgerFields, Recommendation } from '@finlens/contracts/recommendations';
import type {
  ApplyCheck,
  LedgerEntriesQuery,
  LedgerEntry,
  LedgerEntryDetail,
  LedgerTotals,
  LedgerTotalsQuery,
  LedgerTransitionBody,
  RemediationSettings,
  TransitionResponse,
} from '@finlens/contracts/savings-ledger';
import {
  type LedgerActor,
  type LedgerEvent,
  snoozeExpired,
  transition,
} from '@finlens/cost-model/savings-ledger';
import type { ClientCaller } from '../../platform/auth/caller';
import { fieldError, HttpError, notFound } from '../../platform/http/http-error';
import type { CostScopes } from '../../warehouse/cost-scope';
import type { LedgerApply } from './ledger-apply';
import { entryFromRecommendation, toEntry, toEvent } from './ledger-entry';
import { ledgerCsv, ledgerTotals } from './ledger-totals';
import { matchingPolicy } from './remediation';
import type { EntryPatch, SavingsLedgerRepo } from './savings-ledger.repo';
import type { LedgerEntryRow } from './savings-ledger.tables';

/** The recommendation a ledger action is about, as the rules engine answers it for the caller (null: none). */
export type FindRecommendation = (caller: ClientCaller, id: string) => Promise<Recommendation | null>;

export const APPLY_JOB_KIND = 'savings-ledger.apply';
/** How long an apply that waits for the cloud (an instance stopping) sleeps before its next step. */
export const APPLY_RETRY_MS = 15_000;

const utcToday = (now: Date) => now.toISOString().slice(0, 10);

function patchFor(body: LedgerTransitionBody, actor: string, now: Date): EntryPatch {
  switch (body.action) {
    case 'dismiss':
      return { status_reason: body.note ? `${body.reason}: ${body.note}` : body.reason };
    case 'snooze':
      return { snoozed_until: body.until, status_reason: null };
    case 'reopen':
      return { snoozed_until: null, status_reason: null };
    case 'accept':
      return { proposed_by: actor, accepted_at: now, status_reason: body.note ?? null };
    case 'approve':
      return { approved_by: actor };
    case 'reject':
      return { approved_by: null, status_reason: body.note ?? 'rejected' };
    case 'mark_done':
      return { applied_at: now, applied_via: 'manual', apply_status: 'succeeded', apply_error: null };
    case 'apply':
      return {};
  }
}

/**
 * The ledger's fields of recommendations, for the recommendations feature's lists (its LedgerReader): a
 * recommendation without an entry is open; a snooze whose day has come reads open again.
 */
export function ledgerFieldsReader({
  repo,
  now = () => new Date(),
}: {
  repo: Pick<SavingsLedgerRepo, 'ofRecommendations'>;
  now?: () => Date;
}) {
  return {
    async fields(ids: readonly string[]): Promise<Map<string, LedgerFields>> {
      const out = new Map<string, LedgerFields>();
      const today = utcToday(now());
      for (const row of await repo.ofRecommendations(ids)) {
        if (row.recommendation_id === null) continue;
        const woke = snoozeExpired(row.state, row.snoozed_until, today);
        out.set(row.recommendation_id, {
          status: woke ? 'open' : row.state,
          status_reason: woke ? null : row.status_reason,
          snoozed_until: woke ? null : row.snoozed_until,
          status_changed_at: new Date(row.updated_at).toISOString(),
          status_changed_by: row.moved_by,
        });
      }
      return out;
    },
  };
}

export function createSavingsLedgerService({
  repo,
  scopes,
  findRecommendation,
  apply,
  enqueueApply,
  now = () => new Date(),
}: {
  repo: SavingsLedgerRepo;
  scopes: Pick<CostScopes, 'requested'>;
  findRecommendation: FindRecommendation;
  apply: LedgerApply;
  enqueueApply: (entryId: string, runAt: Date) => Promise<void>;
  now?: () => Date;
}) {
  /** The caller's entry for a recommendation, made on first use; 404 for another client's or an unknown one. */
  async function entryOf(caller: ClientCaller, recommendationId: string): Promise<LedgerEntryRow> {
    const existing = await repo.find(caller.clientId, recommendationId);
    if (existing !== null) {
      await scopes.requested(caller, [existing.project_id]);
      return existing;
    }
    const rec = await findRecommendation(caller, recommendationId);
    if (rec === null) throw notFound();
    await scopes.requested(caller, [rec.project_id]);
    return repo.ensure(caller.clientId, entryFromRecommendation(rec));
  }

  async function detail(row: LedgerEntryRow, caller: ClientCaller): Promise<LedgerEntryDetail> {
    const events = await repo.events(row.id);
    return { ...toEntry(row, caller.role), events: events.map(toEvent) };
  }

  /** One move through the state machine with its trail line; 403/409 with the machine's reason. */
  async function move(
    row: LedgerEntryRow,
    event: LedgerEvent,
    actor: LedgerActor,
    who: string,
    patch: EntryPatch,
    note: string | null,
    detailFields: Record<string, unknown> = {},
  ): Promise<LedgerEntryRow> {
    const result = transition(row.state, event, actor);
    if (!result.ok) throw new HttpError(result.code === 'forbidden' ? 403 : 409, result.message);
    const moved = await repo.move(
      row.id,
      row.state,
      { ...patch, state: result.state },
      {
        action: event,
        from: row.state,
        to: result.state,
        actor: who,
        note,
        detail: detailFields,
      },
    );
    if (moved === null)
      throw new HttpError(409, 'The recommendation changed meanwhile; reload it and try again.');
    return moved;
  }

  /** Runs what the cloud allows now; moves to applied when done, queues the rest, records a failure. */
  async function continueApply(entryId: string, who: string): Promise<LedgerEntryRow> {
    const run = await apply.run(entryId, who);
    const row = await repo.byId(entryId);
    if (row === null) throw notFound();
    if (run.status === 'waiting') {
      await enqueueApply(entryId, new Date(now().getTime() + APPLY_RETRY_MS));
      return row;
    }
    if (run.status === 'failed') {
      await repo.note(
        entryId,
        { apply_status: 'failed', apply_error: run.error },
        {
          action: 'apply_failed',
          from: row.state,
          to: row.state,
          actor: who,
          note: run.error,
          detail: {},
        },
      );
      return (await repo.byId(entryId)) ?? row;
    }
    if (row.state !== 'approved') return row;
    const patch = {
      applied_at: now(),
      applied_via: 'cloud',
      apply_status: 'succeeded',
      apply_error: null,
    } as const;
    return move(row, 'apply', who === 'system' ? 'system' : 'admin', who, patch, null);
  }

  /**
   * The dry run, then (unless `dryRun`) the apply. A resource the dry run finds unfit is refused with 409, or
   * with `keepUnfit` left as it is (the reason in its trail and in the returned check).
   */
  async function startApply(
    row: LedgerEntryRow,
    actor: LedgerActor,
    who: string,
    dryRun: boolean,
    keepUnfit = false,
  ) {
    const gate = transition(row.state, 'apply', actor);
    if (!dryRun && !gate.ok) throw new HttpError(gate.code === 'forbidden' ? 403 : 409, gate.message);
    if (row.apply_status === 'running')
      throw new HttpError(409, 'This recommendation is being applied already.');
    const { kept, ...check } = await apply.check(row);
    // The apply checks the cloud again (the resource may have changed since the dialog's dry run); the trail lists
    // that check only when it found something else than the same person's dry run just before it.
    const [last] = dryRun ? [] : await repo.events(row.id);
    const repeated =
      last?.action === 'dry_run' &&
      last.actor === who &&
      isDeepStrictEqual(last.detail, JSON.parse(JSON.stringify(check)));
    if (!repeated) {
      await repo.note(
        row.id,
        {},
        {
          action: 'dry_run',
          from: row.state,
          to: row.state,
          actor: who,
          note: check.reason,
          detail: { ...check },
        },
      );
    }
    if (dryRun || (keepUnfit && !check.can_apply)) return { row: (await repo.byId(row.id)) ?? row, check };
    if (!check.can_apply) throw new HttpError(409, check.reason ?? 'This recommendation cannot be applied.');
    const plan = JSON.stringify({ ...kept, via: check.via });
    await repo.note(
      row.id,
      { apply_status: 'running', apply_error: null, apply_plan: plan },
      {
        action: 'apply',
        from: row.state,
        to: row.state,
        actor: who,
        note: 'Applying through the cloud',
        detail: { steps: check.steps },
      },
    );
    return { row: await continueApply(row.id, who), check };
  }

  /** A remediation policy for the rule may approve (and apply) an accepted entry as the system. */
  async function afterAccept(
    row: LedgerEntryRow,
  ): Promise<{ row: LedgerEntryRow; check: ApplyCheck | null }> {
    const policy = matchingPolicy(await repo.policies(row.client_id), row);
    if (policy === null || policy.approval !== 'automatic') return { row, check: null };
    const approved = await move(
      row,
      'approve',
      'system',
      'system',
      { approved_by: 'system' },
      'Remediation policy',
      {
        policy: policy.rule_key,
      },
    );
    if (!policy.auto_apply) return { row: approved, check: null };
    return startApply(approved, 'system', 'system', false);
  }

  /** Under an auto-apply policy whose approval is an admin's, the admin's approval starts the apply. */
  async function afterApprove(
    row: LedgerEntryRow,
    who: string,
  ): Promise<{ row: LedgerEntryRow; check: ApplyCheck | null }> {
    const policy = matchingPolicy(await repo.policies(row.client_id), row);
    if (policy === null || !policy.auto_apply) return { row, check: null };
    return startApply(row, 'admin', who, false, true);
  }

  async function rowsOf(caller: ClientCaller, query: Partial<LedgerEntriesQuery>) {
    const scope = await scopes.requested(caller, query.project_ids);
    return repo.list(caller.clientId, scope.projectIds, {
      ...(query.state === undefined ? {} : { state: query.state }),
      ...(query.source === undefined ? {} : { source: query.source }),
      ...(query.recommendation_ids === undefined ? {} : { recommendationIds: query.recommendation_ids }),
    });
  }

  return {
    async list(caller: ClientCaller, query: LedgerEntriesQuery): Promise<{ results: LedgerEntry[] }> {
      const rows = await rowsOf(caller, query);
      return { results: rows.map((row) => toEntry(row, caller.role)) };
    },

    async totals(caller: ClientCaller, query: LedgerTotalsQuery): Promise<LedgerTotals> {
      return ledgerTotals(await rowsOf(caller, query), query.group_by);
    },

    async exportCsv(caller: ClientCaller, query: LedgerEntriesQuery): Promise<string> {
      const rows = await rowsOf(caller, query);
      return ledgerCsv(rows.map((row) => toEntry(row, caller.role)));
    },

    async get(caller: ClientCaller, recommendationId: string): Promise<LedgerEntryDetail> {
      return detail(await entryOf(caller, recommendationId), caller);
    },

    async transition(
      caller: ClientCaller,
      recommendationId: string,
      body: LedgerTransitionBody,
    ): Promise<TransitionResponse> {
      if (body.action === 'snooze' && body.until <= utcToday(now())) {
        throw fieldError('until', ['Choose a day after today.']);
      }
      const row = await entryOf(caller, recommendationId);
      const who = caller.user.email;
      if (body.action === 'apply') {
        const { row: after, check } = await startApply(row, caller.role, who, body.dry_run);
        return { entry: await detail(after, caller), check };
      }
      if (row.apply_status === 'running') throw new HttpError(409, 'This recommendation is being applied.');
      const note = 'note' in body ? (body.note ?? null) : null;
      const extra =
        body.action === 'dismiss'
          ? { reason: body.reason }
          : body.action === 'snooze'
            ? { until: body.until }
            : {};
      let moved = await move(row, body.action, caller.role, who, patchFor(body, who, now()), note, extra);
      let check: ApplyCheck | null = null;
      if (body.action === 'accept') ({ row: moved, check } = await afterAccept(moved));
      if (body.action === 'approve') ({ row: moved, check } = await afterApprove(moved, who));
      return { entry: await detail(moved, caller), check };
    },

    /**
     * After an evaluation: the new findings of a rule whose remediation policy applies them on its own
     * (auto_apply) are accepted by the system under that policy, without waiting for a user; the policy's
     * approval follows as on a user's accept (automatic: approved and applied now; admin: an admin approves).
     * A finding someone already decided on (dismissed, snoozed, accepted) is left alone. Returns how many.
     */
    async acceptByPolicy(projectId: string, since: Date): Promise<number> {
      let accepted = 0;
      for (const { clientId, recommendation } of await repo.foundSince(projectId, since)) {
        const policy = matchingPolicy(await repo.policies(clientId), {
          type: recommendation.type,
          account_id: recommendation.account_id,
          tags: recommendation.tags,
        });
        if (policy === null || !policy.auto_apply) continue;
        const row = await repo.ensure(clientId, entryFromRecommendation(recommendation));
        if (row.state !== 'open') continue;
        const moved = await move(
          row,
          'accept',
          'system',
          'system',
          { proposed_by: 'system', accepted_at: now(), status_reason: null },
          'Remediation policy',
          { policy: policy.rule_key },
        );
        accepted += 1;
        // A resource the dry run finds unfit stays approved with the reason in its trail, like a user's apply.
        await afterAccept(moved).catch((error: unknown) => {
          if (!(error instanceof HttpError)) throw error;
        });
      }
      return accepted;
    },

    /** The job's step: continue an apply that waited for the cloud. */
    async resumeApply(entryId: string): Promise<void> {
      const row = await repo.byId(entryId);
      if (row === null || row.apply_status !== 'running') return;
      const last = (await repo.events(entryId)).find((event) => event.action === 'apply');
      await continueApply(entryId, last?.actor ?? 'system');
    },

    async remediation(caller: ClientCaller): Promise<RemediationSettings> {
      return { policies: await repo.policies(caller.clientId) };
    },

    async saveRemediation(caller: ClientCaller, settings: RemediationSettings): Promise<RemediationSettings> {
      const seen = new Set<string>();
      for (const [index, policy] of settings.policies.entries()) {
        if (seen.has(policy.rule_key)) {
          throw fieldError(`policies.${index}.rule_key`, ['Each rule may have one policy.']);
        }
        seen.add(policy.rule_key);
      }
      await repo.savePolicies(caller.clientId, settings.policies);
      return { policies: await repo.policies(caller.clientId) };
    },
  };
}

export type SavingsLedgerService = ReturnType<typeof createSavingsLedgerService>;
