import type { ApplyCheck } from '@finlens/contracts/savings-ledger';
import { CloudActionError } from '../../integrations/cloud/cloud-actions';
import type { CloudAccount, CloudPort } from '../../integrations/cloud/cloud-port';
import type { CloudResource, ResourceKind } from '../../integrations/cloud/cloud-resources';
import { type ApplyTarget, nextStep, planSteps } from './apply-plan';
import type { SavingsLedgerRepo } from './savings-ledger.repo';
import type { LedgerEntryRow } from './savings-ledger.tables';

/** Where a project's resources are acted on (the inventory's collection targets answer it). */
export type ActTarget =
  | { kind: 'simulated' | 'aws'; port: CloudPort; accounts: CloudAccount[] }
  | { kind: 'awaiting-configuration'; reason: string };

export type ResolveTarget = (projectId: string, clientId: string | null) => Promise<ActTarget | null>;

/** A step's outcome: the apply finished, must wait for the cloud (run again later), or failed. */
export type ApplyRun =
  | { status: 'done' }
  | { status: 'waiting'; reason: string }
  | { status: 'failed'; error: string };

/** Steps one apply may take in one run (stop, modify, start is the longest plan). */
const MAX_STEPS = 6;

function applyTarget(row: LedgerEntryRow): ApplyTarget {
  return {
    action: row.action,
    region: row.region,
    resourceId: row.resource_id,
    resourceKind: row.resource_kind,
    initialState: row.apply_plan?.initialState ?? null,
    safetySnapshotId: row.safety_snapshot_id,
  };
}

async function listed(target: ActTarget & { kind: 'simulated' | 'aws' }, row: LedgerEntryRow) {
  const account = target.accounts.find((a) => a.accountId === row.account_id) ?? null;
  if (account === null || row.resource_kind === null) return { account, resource: null };
  const result = await target.port.listResources(account, row.region, [row.resource_kind as ResourceKind]);
  // A failure that names other kinds (a launch template's type) leaves this resource's listing whole.
  const failure = result.failures.find((f) => f.kinds.includes(row.resource_kind as ResourceKind));
  if (failure !== undefined) throw new CloudActionError('failed', `${failure.operation}: ${failure.message}`);
  const resource: CloudResource | null = result.resources.find((r) => r.id === row.resource_id) ?? null;
  return { account, resource };
}

/** Runs an approved entry's plan through the cloud port, recording each step in the trail. */
export function createLedgerApply({ repo, resolve }: { repo: SavingsLedgerRepo; resolve: ResolveTarget }) {
  return {
    /** The dry run: what applying would ask the cloud, checked against the resource as listed now. */
    async check(row: LedgerEntryRow): Promise<ApplyCheck & { initialState: string | null }> {
      const target = await resolve(row.project_id, row.client_id);
      const none = { steps: [], resource_state: null, initialState: null };
      if (target === null || target.kind === 'awaiting-configuration') {
        const reason =
          target === null
            ? 'The project is gone.'
            : `The account is awaiting configuration: ${target.reason}.`;
        return { ...none, can_apply: false, reason, via: null };
      }
      const { account, resource } = await listed(target, row);
      if (account === null) {
        return {
          ...none,
          can_apply: false,
          reason: `Account ${row.account_id} is not reachable.`,
          via: target.kind,
        };
      }
      const plan = planSteps(applyTarget(row), resource);
      const state = resource?.state ?? null;
      return {
        can_apply: plan.reason === null,
        reason: plan.reason,
        via: target.kind,
        resource_state: state,
        steps: plan.steps,
        initialState: state,
      };
    },

    /** Takes the steps the cloud allows now; the caller moves the entry to applied on done. */
    async run(entryId: string, actor: string): Promise<ApplyRun> {
      for (let taken = 0; taken < MAX_STEPS; taken += 1) {
        const row = await repo.byId(entryId);
        if (row === null) return { status: 'failed', error: 'The entry is gone.' };
        const target = await resolve(row.project_id, row.client_id);
        if (target === null || target.kind === 'awaiting-configuration') {
          return { status: 'failed', error: 'The account cannot be reached.' };
        }
        try {
          const { account, resource } = await listed(target, row);
          if (account === null)
            return { status: 'failed', error: `Account ${row.account_id} is not reachable.` };
          const step = nextStep(applyTarget(row), resource);
          if (step.kind === 'done') return { status: 'done' };
          if (step.kind === 'wait') return { status: 'waiting', reason: step.reason };
          if (step.kind === 'unsupported') return { status: 'failed', error: step.reason };
          const result = await target.port.act(account, step.action);
          const snapshot = step.safetySnapshot ? (result.created?.id ?? null) : null;
          await repo.note(entryId, snapshot === null ? {} : { safety_snapshot_id: snapshot }, {
            action: 'cloud_step',
            from: row.state,
            to: row.state,
            actor,
            note: step.description,
            detail: { cloud_action: step.action.type, changes: result.changes, created: result.created },
          });
          if (step.final) return { status: 'done' };
        } catch (error) {
          if (error instanceof CloudActionError)
            return { status: 'failed', error: `${error.code}: ${error.message}` };
          throw error;
        }
      }
      return { status: 'waiting', reason: 'more steps remain' };
    },
  };
}

export type LedgerApply = ReturnType<typeof createLedgerApply>;
