import type {
  Statement,
  StatementInput,
  StatementSummary,
  StatementsQuery,
} from '@finlens/contracts/chargebacks';
import type { CostTypeName } from '@finlens/contracts/cost-summary';
import { utcDay } from '@finlens/cost-model/utc-calendar';
import type { ClientCaller } from '../../platform/auth/caller';
import { fieldError, HttpError, notFound } from '../../platform/http/http-error';
import type { AllocationPort } from '../../warehouse/cost-query/allocation-port';
import { type ShowbackViewDeps, viewOf } from '../showbacks/showbacks.service';
import type { ChargebackRow, ChargebacksRepo } from './chargebacks.repo';
import { allocateMonth } from './month-allocation';
import { previousOf, type RawLine, type StatementParts, statementOf } from './statement';
import { statementCsv } from './statement-csv';
import { statementPdf } from './statement-pdf';

interface Computed {
  raw: RawLine[];
  frozen: { unallocated: number; scope_total: number };
}

const conflict = (message: string) => new HttpError(409, message);
/** Chargeback statements: a showback's allocation of a closed month, value by value, frozen when issued. */
export function createChargebacksService(deps: {
  repo: ChargebacksRepo;
  /** The showbacks a statement allocates (and their projects). */
  showbacks: ShowbackViewDeps;
  warehouse: AllocationPort;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const asAdmin = (caller: ClientCaller): ClientCaller => ({ ...caller, role: 'admin' });

  /** The showback's numbers for the month: its cost_distribution per value and service, Unallocated, scope total. */
  async function compute(
    caller: ClientCaller,
    input: { showback_id: string; month: string; cost_type: CostTypeName; markups: Record<string, number> },
  ): Promise<Computed> {
    const view = await viewOf(deps.showbacks, asAdmin(caller), input.showback_id);
    const month = await allocateMonth(deps.warehouse, view, input.month, input.cost_type);
    return {
      raw: month.lines.map((line) => ({ ...line, markup_percent: input.markups[line.value] ?? 0 })),
      frozen: { unallocated: month.unallocated, scope_total: month.scope_total },
    };
  }

  /** Values the caller may see of a showback: null for all; an empty set when the showback is gone. */
  async function visibleOf(caller: ClientCaller, showbackId: string | null) {
    if (caller.role === 'admin') return null;
    if (showbackId === null) return new Set<string>();
    return (await viewOf(deps.showbacks, caller, showbackId).catch(() => null))?.visible ?? new Set();
  }

  async function rowOf(caller: ClientCaller, id: string): Promise<ChargebackRow> {
    const row = await repo.one(caller.clientId, id);
    if (row === undefined) throw notFound();
    return row;
  }

  async function partsOf(caller: ClientCaller, row: ChargebackRow): Promise<StatementParts> {
    const base = {
      showback_id: row.showback_id,
      showback_name: row.showback_name,
      month: row.month,
      cost_type: row.cost_type as CostTypeName,
      currency: row.currency,
      markups: row.markups,
      shared_cost_line: row.shared_cost_line,
    };
    const [visible, supersededById, previousLines] = await Promise.all([
      visibleOf(caller, row.showback_id),
      repo.successorOf(row.id),
      row.supersedes_id === null ? null : repo.lines([row.supersedes_id]),
    ]);
    const previous = previousLines === null ? null : previousOf(previousLines, row.shared_cost_line);
    if (row.status === 'draft' && row.showback_id !== null) {
      const computed = await compute(caller, { ...base, showback_id: row.showback_id });
      return { row, base, ...computed, previous, supersededById, visible };
    }
    const frozen =
      row.unallocated === null || row.scope_total === null
        ? null
        : { unallocated: row.unallocated, scope_total: row.scope_total };
    return { row, base, raw: await repo.lines([row.id]), frozen, previous, supersededById, visible };
  }

  const statement = async (caller: ClientCaller, row: ChargebackRow) =>
    statementOf(await partsOf(caller, row));

  async function checkInput(caller: ClientCaller, input: StatementInput): Promise<string> {
    if (input.month >= utcDay(now()).slice(0, 7)) {
      throw fieldError('month', ['Choose a closed month: the current month is still open.']);
    }
    const config = await deps.showbacks.repo.config(caller.clientId, input.showback_id);
    if (config === null) throw fieldError('showback_id', ['Choose a showback of this organisation.']);
    return config.showback.name;
  }

  /** Computes and stores the lines of a draft (or a fresh re-issue): its numbers no longer move. */
  async function freeze(caller: ClientCaller, row: ChargebackRow): Promise<Statement> {
    if (row.showback_id === null) throw conflict('The showback of this statement was deleted.');
    const computed = await compute(caller, {
      showback_id: row.showback_id,
      month: row.month,
      cost_type: row.cost_type as CostTypeName,
      markups: row.markups,
    });
    await repo.freeze(row.id, { ...computed.frozen, issued_at: now() }, computed.raw);
    return statement(caller, await rowOf(caller, row.id));
  }

  return {
    async preview(caller: ClientCaller, input: StatementInput): Promise<Statement> {
      const showbackName = await checkInput(caller, input);
      const [computed, visible] = await Promise.all([
        compute(caller, input),
        visibleOf(caller, input.showback_id),
      ]);
      const { showback_id, month, cost_type, currency, markups, shared_cost_line } = input;
      const base = {
        showback_id,
        showback_name: showbackName,
        month,
        cost_type,
        currency,
        markups,
        shared_cost_line,
      };
      return statementOf({ row: null, base, ...computed, previous: null, supersededById: null, visible });
    },

    async list(caller: ClientCaller, query: StatementsQuery): Promise<StatementSummary[]> {
      const rows = await repo.list(caller.clientId, query);
      const summaries = await Promise.all(
        rows.map(async (row) => {
          const parts = await partsOf(caller, row);
          if (parts.visible?.size === 0) return null;
          const {
            lines,
            markups,
            shared_cost_line,
            unallocated,
            scope_total,
            difference_cents,
            previous_month_subtotal,
            ...summary
          } = statementOf(parts);
          return { ...summary, values_count: lines.length };
        }),
      );
      return summaries.filter((s) => s !== null);
    },

    async one(caller: ClientCaller, id: string): Promise<Statement> {
      return statement(caller, await rowOf(caller, id));
    },

    async create(caller: ClientCaller, input: StatementInput): Promise<Statement> {
      const showbackName = await checkInput(caller, input);
      if ((await repo.current(caller.clientId, input.showback_id, input.month)).length > 0) {
        throw conflict('This showback already has a statement for that month: re-issue or void it first.');
      }
      const versions = await repo.list(caller.clientId, {
        showback_id: input.showback_id,
        month: input.month,
      });
      const row = await repo.insert({
        client_id: caller.clientId,
        showback_id: input.showback_id,
        showback_name: showbackName,
        month: input.month,
        cost_type: input.cost_type,
        currency: input.currency,
        markups: JSON.stringify(input.markups),
        shared_cost_line: input.shared_cost_line,
        status: 'draft',
        version: versions.length + 1,
        supersedes_id: null,
        created_by: caller.user.id,
      });
      return statement(caller, row);
    },

    async issue(caller: ClientCaller, id: string): Promise<Statement> {
      const row = await rowOf(caller, id);
      if (row.status !== 'draft') throw conflict('Only a draft can be issued.');
      return freeze(caller, row);
    },

    /** A new issued version with today's numbers; the old one stays as it was, superseded. */
    async reissue(caller: ClientCaller, id: string): Promise<Statement> {
      const row = await rowOf(caller, id);
      if (row.status !== 'issued' || (await repo.successorOf(row.id)) !== null) {
        throw conflict('Only the newest issued version can be re-issued.');
      }
      const next = await repo.insert({
        client_id: row.client_id,
        showback_id: row.showback_id,
        showback_name: row.showback_name,
        month: row.month,
        cost_type: row.cost_type,
        currency: row.currency,
        markups: JSON.stringify(row.markups),
        shared_cost_line: row.shared_cost_line,
        status: 'draft',
        version: row.version + 1,
        supersedes_id: row.id,
        created_by: caller.user.id,
      });
      return freeze(caller, next);
    },

    async void(caller: ClientCaller, id: string, reason: string): Promise<Statement> {
      const row = await rowOf(caller, id);
      if (row.status === 'void') throw conflict('This statement is already void.');
      await repo.markVoid(row.id, reason, now());
      return statement(caller, await rowOf(caller, id));
    },

    /** The statement as the caller may see it, as a CSV (a row per line and a Total row) or a PDF. */
    async file(caller: ClientCaller, id: string, format: 'csv' | 'pdf') {
      const s = await statement(caller, await rowOf(caller, id));
      const name = `chargeback-${s.showback_name}-${s.month}-v${s.version}.${format}`.replace(
        /[^\w.-]+/g,
        '_',
      );
      if (format === 'pdf') return { name, type: 'application/pdf', body: await statementPdf(s) };
      return { name, type: 'text/csv; charset=utf-8', body: await statementCsv(s) };
    },
  };
}

export type ChargebacksService = ReturnType<typeof createChargebacksService>;
