import type { ApplyCheck } from '@finlens/contracts/savings-ledger';
import { CloudActionError } from '../../integrations/cloud/cloud-actions';
import type { CloudAccount, CloudPort } from '../../integrations/cloud/cloud-port';
import type { CloudResource, ResourceKind } from '../../integrations/cloud/cloud-resources';
import { type ApplyTarget, nextStep, planSteps, relatedKinds } from './apply-plan';
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
    entryId: row.id,
    address: row.apply_plan?.address ?? null,
    volumes: row.apply_plan?.volumes ?? [],
  };
}

/** What the dry run keeps for the apply: the gateway's address, the instance's attached volumes. */
function keptOf(resource: CloudResource | null, related: CloudResource[]) {
  if (resource?.kind === 'nat-gateway') return { address: resource.publicIp, volumes: [] };
  if (resource?.kind !== 'ec2-instance') return { address: null, volumes: [] };
  const volumes = related
    .filter((r) => r.kind === 'ebs-volume' && r.attachments.some((a) => a.id === resource.id))
    .map((r) => r.id)
    .sort();
  return { address: null, volumes };
}

async function listed(target: ActTarget & { kind: 'simulated' | 'aws' }, row: LedgerEntryRow) {
  const account = target.accounts.find((a) => a.accountId === row.account_id) ?? null;
  if (account === null || row.resource_kind === null) return { account, resource: null, related: [] };
  const kind = row.resource_kind as ResourceKind;
  const others = relatedKinds({ action: row.action, resourceKind: kind });
  const result = await target.port.listResources(account, row.region, [kind, ...others]);
  // A failure that names other kinds (a launch template's type) leaves this resource's listing whole.
  const failure = result.failures.find((f) => f.kinds.some((k) => k === kind || others.includes(k)));
  if (failure !== undefined) throw new CloudActionError('failed', `${failure.operation}: ${failure.message}`);
  const resource: CloudResource | null =
    result.resources.find((r) => r.kind === kind && r.id === row.resource_id) ?? null;
  const related = result.resources.filter((r) => others.includes(r.kind));
  return { account, resource, related };
}

/** What the dry run saw that the apply needs later (kept in the entry's apply plan). */
interface Kept {
  initialState: string | null;
  address: string | null;
  volumes: string[];
}

/** Runs an approved entry's plan through the cloud port, recording each step in the trail. */
export function createLedgerApply({ repo, resolve }: { repo: SavingsLedgerRepo; resolve: ResolveTarget }) {
  return {
    /** The dry run: what applying would ask the cloud, checked against the resource as listed now. */
    async check(row: LedgerEntryRow): Promise<ApplyCheck & { kept: Kept }> {
      const target = await resolve(row.project_id, row.client_id);
      const none = {
        steps: [],
        resource_state: null,
        kept: { initialState: null, address: null, volumes: [] },
      };
      if (target === null || target.kind === 'awaiting-configuration') {
        const reason =
          target === null
            ? 'The project is gone.'
            : `The account is awaiting configuration: ${target.reason}.`;
        return { ...none, can_apply: false, reason, via: null };
      }
      const { account, resource, related } = await listed(target, row);
      if (account === null) {
        return {
          ...none,
          can_apply: false,
          reason: `Account ${row.account_id} is not reachable.`,
          via: target.kind,
        };
      }
      const state = resource?.state ?? null;
      const kept = { initialState: state, ...keptOf(resource, related) };
      const plan = planSteps({ ...applyTarget(row), ...kept }, resource, related);
      return {
        can_apply: plan.reason === null,
        reason: plan.reason,
        via: target.kind,
        resource_state: state,
        steps: plan.steps,
        kept,
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
          const { account, resource, related } = await listed(target, row);
          if (account === null)
            return { status: 'failed', error: `Account ${row.account_id} is not reachable.` };
          const step = nextStep(applyTarget(row), resource, related);
          if (step.kind === 'done') return { status: 'done' };
          if (step.kind === 'wait') return { status: 'waiting', reason: step.reason };
          if (step.kind === 'unsupported') return { status: 'failed', error: step.reason };
          const result = await target.port.act(account, step.action);
          const snapshot = step.safetySnapshot ? (result.created?.id ?? null) : null;
          // An instance's volumes each get one: the ids are kept together, in the order taken.
          const snapshots = [row.safety_snapshot_id, snapshot].filter((id) => id !== null).join(',');
          const noted = (description: string, done: typeof result) =>
            repo.note(entryId, snapshot === null ? {} : { safety_snapshot_id: snapshots }, {
              action: 'cloud_step',
              from: row.state,
              to: row.state,
              actor,
              note: description,
              detail: { cloud_action: done.action, changes: done.changes, created: done.created },
            });
          await noted(step.description, result);
          if (step.followUp !== undefined) {
            // The change is made: a refused follow-up is noted, and the apply goes on (the group replaces
            // its instances itself over time).
            const then = step.followUp;
            await target.port.act(account, then.action).then(
              (done) => noted(then.description, done),
              (error: unknown) => {
                if (!(error instanceof CloudActionError)) throw error;
                return repo.note(
                  entryId,
                  {},
                  {
                    action: 'cloud_step',
                    from: row.state,
                    to: row.state,
                    actor,
                    note: `${then.description}: not started (${error.code}: ${error.message})`,
                    detail: { cloud_action: then.action.type, error: error.code },
                  },
                );
              },
            );
          }
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
