import { createHash } from 'node:crypto';
import { CONTAINER_RIGHTSIZING_LOOKBACK_DAYS } from '@finlens/contracts/containers';
import {
  RECOMMENDATION_TYPE_INFO,
  type Recommendation,
  type RecommendationType,
} from '@finlens/contracts/recommendations';
import {
  containerRightsizing,
  type WorkloadRuleInput,
  workloadId,
  workloadKey,
} from '@finlens/cost-model/recommendations/container-rules';
import { evaluateResource, RULES, thresholdsOf } from '@finlens/cost-model/recommendations/engine';
import type { RuleInput, Violation } from '@finlens/cost-model/recommendations/rule-kit';
import { normalResourceId, resourceKey } from '@finlens/cost-model/resource-id';
import { forEachPaced } from '../../platform/event-loop';
import type { ResourceCostPort } from '../../warehouse/cost-query/resource-costs';
import type { WorkloadUsagePort } from '../../warehouse/cost-query/workload-usage';
import type { FoundRow, RecommendationsRepo } from './recommendations.repo';
import type { EvaluationTrigger } from './recommendations.tables';
import { gatherInputs, type UtilisationReader } from './rule-inputs';
import { workloadInputs } from './workload-inputs';

/** Stable for project, rule and resource: a re-evaluation finds the same recommendation. */
export function recommendationId(projectId: string, ruleKey: string, key: string): string {
  return createHash('sha256').update(`${projectId}\u0000${ruleKey}\u0000${key}`).digest('hex').slice(0, 24);
}

/** The stored body of a finding: the contract's recommendation without the ledger's and the dates' fields. */
export type RecommendationBody = Omit<
  Recommendation,
  | 'status'
  | 'status_reason'
  | 'snoozed_until'
  | 'status_changed_at'
  | 'status_changed_by'
  | 'first_seen_at'
  | 'evaluated_at'
  | 'resolved_at'
>;

type ShowbackValue = RecommendationBody['showback_values'][number];

/** The showbacks' values per bill resource id (the showbacks feature's allocation, wired in app/). */
export interface ShowbackValuesReader {
  valuesByResource(
    clientId: string,
    projectId: string,
    range: { from: string; to: string },
  ): Promise<Map<string, ShowbackValue[]>>;
}

/**
 * A lookup of the showback values by resource: the bill names a resource by short id, ARN or bare name, the
 * inventory by id and ARN; both meet on the normal id (a bare bill name also on itself).
 */
function showbackLookup(byBillId: Map<string, ShowbackValue[]>) {
  const byId = new Map<string, ShowbackValue[]>();
  for (const [billId, values] of byBillId) {
    for (const id of new Set([billId, normalResourceId(billId, null).id])) {
      const known = byId.get(id) ?? [];
      byId.set(id, [
        ...known,
        ...values.filter((v) => !known.some((k) => k.showback_id === v.showback_id && k.value === v.value)),
      ]);
    }
  }
  return (input: RuleInput): ShowbackValue[] => {
    const r = input.resource;
    const arn = typeof r.attributes.arn === 'string' ? r.attributes.arn : null;
    return (
      byId.get(normalResourceId(arn ?? r.id, r.kind).id) ??
      byId.get(r.id) ??
      (arn === null ? [] : (byId.get(arn) ?? []))
    );
  };
}

/** What a finding is about: an inventory resource, or a Kubernetes workload (no inventory kind). */
interface Subject {
  projectId: string;
  accountId: string;
  region: string;
  kind: RecommendationBody['resource_kind'];
  id: string;
  key: string;
  name: string | null;
  tags: Record<string, string>;
}

function findingBody(
  subject: Subject,
  ruleKey: RecommendationType,
  v: Violation,
  money: { accountName: string | null; effectiveRate: number; covered: boolean },
  showbackValues: ShowbackValue[],
): RecommendationBody {
  const info = RECOMMENDATION_TYPE_INFO[ruleKey];
  return {
    id: recommendationId(subject.projectId, ruleKey, subject.key),
    type: ruleKey,
    rule_key: ruleKey,
    group: info.group,
    finding: info.finding,
    title: v.title,
    project_id: subject.projectId,
    account_id: subject.accountId,
    account_name: money.accountName,
    region: subject.region,
    resource_kind: subject.kind,
    resource_id: subject.id,
    resource_key: subject.key,
    resource_name: subject.name,
    resource_type: v.resourceType,
    tags: subject.tags,
    showback_values: showbackValues,
    evidence: v.evidence,
    saving: {
      current_monthly_cost: v.saving.current,
      estimated_monthly_saving: v.saving.effective,
      on_demand_monthly_saving: v.saving.onDemand,
      effective_rate: v.saving.onDemand > 0 ? v.saving.effective / v.saving.onDemand : money.effectiveRate,
      basis: v.saving.basis,
      covered_by_commitment: money.covered,
    },
    risk: v.risk,
    action: v.action,
    might_be_wrong_because: v.mightBeWrong,
  };
}

export function bodyOf(
  input: RuleInput,
  ruleKey: RecommendationType,
  v: Violation,
  accountName: string | null,
  showbackValues: ShowbackValue[] = [],
): RecommendationBody {
  const r = input.resource;
  const arn = typeof r.attributes.arn === 'string' ? r.attributes.arn : null;
  const subject = { ...r, key: resourceKey(arn ?? r.id, r.kind, r.accountId) };
  const money = { accountName, effectiveRate: input.effectiveRate, covered: input.covered };
  return findingBody(subject, ruleKey, v, money, showbackValues);
}

/** A Kubernetes workload's finding: its id is cluster/namespace/kind/name, keyed with its account. */
export function workloadBodyOf(
  input: WorkloadRuleInput,
  v: Violation,
  accountName: string | null,
): RecommendationBody {
  const w = input.workload;
  const id = workloadId(w);
  const subject = {
    projectId: w.projectId,
    accountId: w.accountId,
    region: w.region,
    kind: null,
    id,
    key: workloadKey(w.accountId, id),
    name: `${w.namespace}/${w.controller}`,
    tags: {},
  };
  return findingBody(
    subject,
    containerRightsizing.key,
    v,
    { accountName, effectiveRate: 1, covered: false },
    [],
  );
}

const foundRow = (body: RecommendationBody, cause: unknown): FoundRow => ({
  id: body.id,
  ruleKey: body.rule_key,
  accountId: body.account_id,
  region: body.region,
  resourceId: body.resource_id,
  resourceName: body.resource_name,
  saving: body.saving.estimated_monthly_saving,
  onDemandSaving: body.saving.on_demand_monthly_saving,
  body,
  cause,
});

export interface EvaluationDeps {
  repo: RecommendationsRepo;
  warehouse: Pick<
    ResourceCostPort,
    'newestUsageDay' | 'resourceCosts' | 'resourceUsageCosts' | 'usageAccounts'
  > &
    WorkloadUsagePort;
  utilisation: UtilisationReader;
  /** Absent: recommendations carry no showback values. */
  showbacks?: ShowbackValuesReader;
  now?: () => Date;
}

/** Resources run through every rule between turns of the event loop: a project may hold tens of thousands. */
const RESOURCES_PER_TURN = 100;

/**
 * Runs every rule over a project's inventory, metrics and bill and stores what they found, with history. The
 * rules run a batch of resources per turn of the event loop, so requests are answered while a project is evaluated.
 */
export function createRecommendationsEvaluation({
  repo,
  warehouse,
  utilisation,
  showbacks,
  now = () => new Date(),
}: EvaluationDeps) {
  return {
    async evaluate(
      projectId: string,
      trigger: EvaluationTrigger,
    ): Promise<{ id: string; violations: number } | null> {
      const clientId = await repo.clientOf(projectId);
      if (clientId === null) return null;
      const startedAt = now();
      const gathered = await gatherInputs({
        repo,
        warehouse,
        utilisation,
        projectId,
        clientId,
        now: startedAt,
      });
      const showbackValuesOf = showbackLookup(
        showbacks === undefined || gathered.billWindow === null
          ? new Map()
          : await showbacks.valuesByResource(clientId, projectId, gathered.billWindow),
      );
      const found: FoundRow[] = [];
      await forEachPaced(gathered.inputs, RESOURCES_PER_TURN, (input) => {
        for (const { rule, outcome } of evaluateResource(input, gathered.settings)) {
          if (outcome.outcome !== 'violated') continue;
          const body = bodyOf(
            input,
            rule.key,
            outcome,
            gathered.accountNames.get(input.resource.accountId) ?? null,
            showbackValuesOf(input),
          );
          found.push(foundRow(body, gathered.causes.get(`${body.account_id}|${body.resource_id}`) ?? null));
        }
      });
      const setting = gathered.settings.get(containerRightsizing.key);
      if (setting?.enabled !== false) {
        const t = thresholdsOf(containerRightsizing, setting);
        const days = t.lookback_days ?? CONTAINER_RIGHTSIZING_LOOKBACK_DAYS;
        const workloads = await workloadInputs(warehouse, { clientId, projectId, days });
        await forEachPaced(workloads, RESOURCES_PER_TURN, (input) => {
          const outcome = containerRightsizing.checkWorkload(input, t);
          if (outcome.outcome !== 'violated') return;
          const accountName = gathered.accountNames.get(input.workload.accountId) ?? null;
          found.push(foundRow(workloadBodyOf(input, outcome, accountName), null));
        });
      }
      const id = await repo.saveEvaluation({
        projectId,
        trigger,
        startedAt,
        finishedAt: now(),
        resources: gathered.inputs.length,
        found,
        causes: gathered.causes,
        ruleKeys: RULES.map((r) => r.key),
      });
      return { id, violations: found.length };
    },
  };
}

export type RecommendationsEvaluation = ReturnType<typeof createRecommendationsEvaluation>;
