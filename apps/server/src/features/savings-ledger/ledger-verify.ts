import { billedGroups, GROUP_KINDS, GROUP_MEMBER_TAG_KEYS } from '@finlens/cost-model/group-members';
import { containerRightsizing, parseWorkloadId } from '@finlens/cost-model/recommendations/container-rules';
import { resourceKey } from '@finlens/cost-model/resource-id';
import { transition } from '@finlens/cost-model/savings-ledger';
import {
  type DailyCost,
  DEFAULT_VERIFICATION_OPTIONS,
  isMonthlyPricingUnit,
  isPricedUseUnit,
  measureOf,
  type VerificationMeasure,
  verifySaving,
} from '@finlens/cost-model/savings-verification';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { CostStore } from '../../warehouse/cost-store';
import { finalSnapshotName } from './apply-plan';
import type { SavingsLedgerRepo } from './savings-ledger.repo';
import type { LedgerEntryRow, StoredVerification } from './savings-ledger.tables';

export const VERIFY_JOB_KIND = 'savings-ledger.verify';

/**
 * After each import: every applied entry is judged from the bill — the resource's net amortized cost per day
 * (after RI/SP and discounts, what it really cost, as the estimate) before and after the change, its charges
 * billed per month (GB-Mo, IOPS-Mo) evened out over their months' lengths (verifySaving). A rate change (storage
 * class, volume type, IOPS, instance type: measureOf) is judged by its price per GB stored or hour run, read from
 * the same lines' usage amounts, so growth in use neither eats nor inflates its saving. The bill, not a user,
 * moves it to verified or regressed; each verification is kept on the entry, each move in the trail.
 */
export function createLedgerVerify({
  repo,
  warehouse,
  now = () => new Date(),
}: {
  repo: Pick<SavingsLedgerRepo, 'judged' | 'move' | 'update'>;
  warehouse: Pick<CostStore, 'costBreakdown' | 'newestUsageDay' | 'resourceCosts' | 'kubernetesCosts'>;
  now?: () => Date;
}) {
  /**
   * The bill's own ids of the entry's resource: the bill names RDS, Lambda and load balancers by ARN where the
   * inventory (and so the entry) has a short id or name; both meet on the normal resource key. An Auto Scaling
   * group or EKS node group bills through its instances: every instance its tags say it ran in the window. What
   * the change deleted with it and what it kept count too: a terminated instance's volumes (kept from the dry
   * run) and the safety snapshots taken before a delete, which bill on after it (the saving is net of them), as
   * does the final snapshot of a database Finlens deleted (named after the entry, billed by ARN).
   */
  async function billIds(entry: LedgerEntryRow, from: string, to: string): Promise<string[]> {
    const group = entry.resource_kind !== null && GROUP_KINDS.has(entry.resource_kind);
    const key = resourceKey(entry.resource_id, entry.resource_kind, entry.account_id);
    const alongside = new Set([
      ...(entry.apply_plan?.volumes ?? []).map((id) => resourceKey(id, 'ebs-volume', entry.account_id)),
      ...(entry.safety_snapshot_id ?? '')
        .split(',')
        .filter((id) => id !== '')
        .map((id) => resourceKey(id, 'ebs-snapshot', entry.account_id)),
      ...(entry.type === 'rds-idle' && entry.applied_via === 'cloud'
        ? [
            resourceKey(
              `arn:aws:rds:${entry.region}:${entry.account_id}:snapshot:${finalSnapshotName({ resourceId: entry.resource_id, entryId: entry.id })}`,
              null,
              entry.account_id,
            ),
          ]
        : []),
    ]);
    const rows = await warehouse.resourceCosts({
      clientId: entry.client_id,
      projectIds: [entry.project_id],
      from,
      current: from,
      to,
      tagKeys: group ? [...GROUP_MEMBER_TAG_KEYS] : [],
      costType: 'net_amortized',
    });
    const ranIn = (row: (typeof rows)[number]) =>
      row.accountId === entry.account_id &&
      (row.region === null || row.region === entry.region) &&
      billedGroups(row.tags).some((g) => g.kind === entry.resource_kind && g.id === entry.resource_id);
    const ids = rows
      .filter((row) =>
        group
          ? ranIn(row)
          : row.resourceId === entry.resource_id ||
            (row.accountId !== null &&
              [key, ...alongside].includes(resourceKey(row.resourceId, row.serviceCode, row.accountId))),
      )
      .map((row) => row.resourceId);
    return ids.length === 0 ? [entry.resource_id] : [...new Set(ids)];
  }

  /**
   * The resource's cost per day, with the part billed per month (by its pricing unit) that the judge evens out,
   * and, measured by price, the usage amount of the lines that count the priced use.
   */
  async function dailyCosts(
    entry: LedgerEntryRow,
    from: string,
    to: string,
    measure: VerificationMeasure,
  ): Promise<DailyCost[]> {
    const ids = await billIds(entry, from, to);
    const rows = await warehouse.costBreakdown({
      clientId: entry.client_id,
      projectIds: [entry.project_id],
      from,
      to,
      // The cost the estimate was made from (effective: after RI/SP and discounts), so the two compare.
      costType: 'net_amortized',
      sets: [[{ dimension: 'line_item_resource_id', mode: 'include', values: ids }]],
      byDay: true,
      groupBy: [{ dimension: 'pricing_unit' }],
      usageAmounts: measure.by === 'price',
      useRollups: true,
    });
    return rows.flatMap((row) => {
      if (row.day === null) return [];
      const cost = row.costs[0] ?? 0;
      const unit = row.groups[0] ?? null;
      const monthly = isMonthlyPricingUnit(unit);
      const usage = measure.by === 'price' && isPricedUseUnit(unit, measure.use) ? (row.usages?.[0] ?? 0) : 0;
      return [
        {
          date: row.day.slice(0, 10),
          cost,
          monthlyBilled: monthly ? cost : 0,
          ...(usage === 0 ? {} : { usage, monthlyUsage: monthly }),
        },
      ];
    });
  }

  /**
   * A Kubernetes workload's split cost per day at the effective rate (its pods' share of their nodes, net
   * amortized) and its pod-hours: judged by the split cost per pod-hour, so scaling its replicas is not a saving.
   * Only its account's pods: another account of the project may run a same-named cluster.
   */
  async function workloadDailyCosts(entry: LedgerEntryRow, from: string, to: string): Promise<DailyCost[]> {
    const w = parseWorkloadId(entry.resource_id);
    if (w === null) return [];
    const rows = await warehouse.kubernetesCosts({
      clientId: entry.client_id,
      projectIds: [entry.project_id],
      accountId: entry.account_id,
      from,
      to,
      basis: 'net_amortized',
      filters: { cluster_name: w.cluster, pod_namespace: w.namespace, controller: w.controller },
      groupBy: ['day', 'controllerKind'],
    });
    return rows.flatMap(({ keys: [day, kind], cpu, memory }) =>
      day === null || day === undefined || kind !== w.kind
        ? []
        : [
            {
              date: day,
              cost: cpu.splitCost + memory.splitCost,
              usage: Math.max(cpu.podHours, memory.podHours),
            },
          ],
    );
  }

  async function verifyOne(entry: LedgerEntryRow): Promise<StoredVerification | null> {
    if (entry.applied_at === null) return null;
    const billedThrough = await warehouse.newestUsageDay({
      clientId: entry.client_id,
      projectIds: [entry.project_id],
    });
    if (billedThrough === null) return null;
    const changedOn = new Date(entry.applied_at).toISOString().slice(0, 10);
    const from = addDays(changedOn, -DEFAULT_VERIFICATION_OPTIONS.lookbackDays);
    if (billedThrough < from) return null;
    const measure = measureOf(entry.type);
    const result = verifySaving(
      entry.type === containerRightsizing.key
        ? await workloadDailyCosts(entry, from, billedThrough)
        : await dailyCosts(entry, from, billedThrough, measure),
      changedOn,
      billedThrough,
      DEFAULT_VERIFICATION_OPTIONS,
      measure,
    );
    const verification: StoredVerification = {
      outcome: result.outcome,
      rate_before: result.rateBefore,
      rate_after: result.rateAfter,
      before_days: result.beforeDays,
      after_days: result.afterDays,
      realised_monthly_saving: result.realisedMonthly,
      realised_to_date: result.realisedToDate,
      billed_through: billedThrough,
      verified_at: now().toISOString(),
    };
    const event =
      result.outcome === 'verified' ? 'verify' : result.outcome === 'regressed' ? 'regress' : null;
    const moved = event === null ? null : transition(entry.state, event, 'system');
    const stored = { verification: JSON.stringify(verification) };
    if (event !== null && moved?.ok && moved.state !== entry.state) {
      await repo.move(
        entry.id,
        entry.state,
        { ...stored, state: moved.state },
        {
          action: event,
          from: entry.state,
          to: moved.state,
          actor: 'system',
          note: null,
          detail: { ...verification },
        },
      );
    } else {
      await repo.update(entry.id, stored);
    }
    return verification;
  }

  return {
    verifyOne,
    /** Judges every applied entry (of one client, or all for the after-import job); returns how many. */
    async verifyAll(clientId: string | null): Promise<number> {
      const entries = await repo.judged(clientId);
      for (const entry of entries) await verifyOne(entry);
      return entries.length;
    },
  };
}

export type LedgerVerify = ReturnType<typeof createLedgerVerify>;
