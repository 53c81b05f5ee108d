import { forEachPaced } from '../../../platform/event-loop';
import { type ActionAnswer, type CloudAction, CloudActionError } from '../cloud-actions';
import type { MetricsRequest } from '../cloud-metrics';
import {
  type CloudAccount,
  type CloudFailure,
  type CloudPort,
  type CloudService,
  KIND_SERVICE,
  type ListRegionsResult,
  type ListReservationsResult,
  type ListResourcesResult,
  type ListSavingsPlansResult,
  type MetricsResult,
  RESERVATION_CALLS,
  RESERVATION_SERVICES,
  SAVINGS_PLANS_CALL,
} from '../cloud-port';
import { RESOURCE_KINDS, type ResourceKind } from '../cloud-resources';
import type { Scenario } from './scenario-schema';
import { simAct } from './sim-actions';
import type { SimClock } from './sim-clock';
import { createSeriesReader } from './sim-metrics';
import { simReservation, simSavingsPlan } from './sim-reservations';
import { listedResource, SimWorld } from './sim-world';

/** Metric series generated between turns of the event loop. */
const SERIES_PER_TURN = 25;

/** The AWS operation that lists each kind, so a simulated fault names the call (and IAM action) a real one would. */
const LISTING_OPERATIONS: Record<ResourceKind, string> = {
  'ec2-instance': 'DescribeInstances',
  'ebs-volume': 'DescribeVolumes',
  'ebs-snapshot': 'DescribeSnapshots',
  'elastic-ip': 'DescribeAddresses',
  'load-balancer': 'DescribeLoadBalancers',
  'rds-instance': 'DescribeDBInstances',
  'rds-cluster': 'DescribeDBClusters',
  's3-bucket': 'ListBuckets',
  'autoscaling-group': 'DescribeAutoScalingGroups',
  'eks-cluster': 'ListClusters',
  'eks-nodegroup': 'ListNodegroups',
  'eks-fargate-profile': 'ListFargateProfiles',
  'lambda-function': 'ListFunctions',
  'nat-gateway': 'DescribeNatGateways',
};

export interface SimulatedCloud extends CloudPort {
  readonly world: SimWorld;
}

/** One action the simulated cloud performed, as kept between the ports built for successive jobs. */
export interface SimActionRecord {
  at: Date;
  accountId: string;
  action: CloudAction;
}

/**
 * Where a simulated account's actions are kept (the app database, per project): the port replays `past` over
 * the scenario when it is built and records each new action, so a cloud rebuilt for the next job keeps what
 * earlier jobs did (a stopped instance stays stopped, its CPU at zero).
 */
export interface SimJournal {
  past: readonly SimActionRecord[];
  record(entry: SimActionRecord): Promise<void>;
}

/** Replays recorded actions in time order; one the scenario no longer allows (it changed since) is skipped. */
function replay(world: SimWorld, scenario: Scenario, past: readonly SimActionRecord[]): void {
  for (const { at, accountId, action } of past) {
    world.sync(at.getTime());
    const entry = world.find(accountId, action.region, action.resource);
    if (!entry) continue;
    try {
      simAct(entry, action, {
        world,
        accountId,
        now: at.getTime(),
        transitionMs: scenario.transitionSeconds * 1000,
      });
    } catch (error) {
      if (!(error instanceof CloudActionError)) throw error;
    }
  }
}

/**
 * The cloud port over a scenario: lists, metrics and actions answer from the scenario's world as the clock
 * has moved it. Credentials are not checked; an account must be in the scenario, and the scenario's faults
 * answer instead of data where they apply.
 */
export function createSimulatedCloud({
  scenario,
  clock,
  journal = null,
}: {
  scenario: Scenario;
  clock: SimClock;
  journal?: SimJournal | null;
}): SimulatedCloud {
  const world = new SimWorld(scenario);
  if (journal) replay(world, scenario, journal.past);
  const now = () => {
    const at = clock.now().getTime();
    world.sync(at);
    return at;
  };

  /** `operation` null: only the faults of the whole service (those naming no operation) answer. */
  const faultFor = (
    account: CloudAccount,
    region: string | null,
    service: CloudService,
    operation: string | null,
  ) =>
    scenario.faults.find(
      (f) =>
        f.accountId === account.accountId &&
        (f.service === service || f.service === 'sts') &&
        (f.operation === undefined || f.operation === operation) &&
        (f.region === undefined || f.region === region),
    ) ?? null;

  // Like AWS, a region that needs opting in refuses an account that has not opted in.
  const optInFault = (account: CloudAccount, region: string | null, service: CloudService) => {
    const optIn = scenario.regions.find((r) => r.name === region)?.optIn ?? false;
    const optedIn = scenario.accounts.find((a) => a.accountId === account.accountId)?.optedInRegions ?? [];
    if (!optIn || region === null || optedIn.includes(region)) return null;
    return {
      service,
      code: 'OptInRequired',
      message: `${region} is not enabled for account ${account.accountId}`,
    };
  };

  /**
   * The failure the scenario answers for this call, or null when the call succeeds; `serviceWide` asks only
   * whether the whole service refuses (a fault naming one operation leaves the others alone).
   */
  const failure = (
    account: CloudAccount,
    region: string | null,
    service: CloudService,
    kinds: ResourceKind[],
    operation: string,
    serviceWide = false,
  ): CloudFailure | null => {
    const base = { accountId: account.accountId, kinds };
    if (!scenario.accounts.some((a) => a.accountId === account.accountId)) {
      const message = `account ${account.accountId} is not in the scenario`;
      return {
        ...base,
        region: null,
        service: 'sts',
        operation: 'AssumeRole',
        code: 'AccessDenied',
        message,
      };
    }
    const fault =
      faultFor(account, region, service, serviceWide ? null : operation) ??
      optInFault(account, region, service);
    if (fault === null) return null;
    const sts = fault.service === 'sts';
    return {
      ...base,
      region: sts ? null : region,
      service: fault.service,
      operation: sts ? 'AssumeRole' : operation,
      code: fault.code,
      message: fault.message ?? `${fault.code} (simulated)`,
    };
  };

  return {
    world,

    async listRegions(account): Promise<ListRegionsResult> {
      const denied = failure(account, null, 'ec2', [], 'DescribeRegions');
      if (denied) return { regions: [], failures: [denied] };
      const optedIn = scenario.accounts.find((a) => a.accountId === account.accountId)?.optedInRegions ?? [];
      const regions = scenario.regions.map((r) => {
        const optInStatus = !r.optIn
          ? 'opt-in-not-required'
          : optedIn.includes(r.name)
            ? 'opted-in'
            : 'not-opted-in';
        return { name: r.name, optInStatus, enabled: optInStatus !== 'not-opted-in' } as const;
      });
      return { regions, failures: [] };
    },

    async listResources(account, region, kinds): Promise<ListResourcesResult> {
      now();
      const failures: CloudFailure[] = [];
      const allowed = new Set<ResourceKind>();
      for (const service of new Set(kinds.map((k) => KIND_SERVICE[k]))) {
        const serviceKinds = kinds.filter((k) => KIND_SERVICE[k] === service);
        const operation = LISTING_OPERATIONS[serviceKinds[0] ?? 'ec2-instance'];
        // The whole service refused (a fault naming no operation, sts, opt-in): every kind of it is lost.
        const failed = failure(account, region, service, serviceKinds, operation, true);
        if (
          failed &&
          !failures.some((f) => f.service === failed.service && f.operation === failed.operation)
        ) {
          failures.push(failed.service === 'sts' ? { ...failed, kinds: [...kinds] } : failed);
        }
        if (failed) continue;
        // A fault on one listing operation (DescribeVolumes …) loses only that operation's kind.
        for (const kind of serviceKinds) {
          const refused = failure(account, region, service, [kind], LISTING_OPERATIONS[kind]);
          if (refused) failures.push(refused);
          else allowed.add(kind);
        }
      }
      const resources = world
        .live()
        .filter(
          ({ resource: r }) =>
            r.accountId === account.accountId && r.region === region && allowed.has(r.kind),
        )
        .sort(
          ({ resource: a }, { resource: b }) =>
            RESOURCE_KINDS.indexOf(a.kind) - RESOURCE_KINDS.indexOf(b.kind) || a.id.localeCompare(b.id),
        )
        .map(listedResource);
      return { resources, failures };
    },

    async getMetrics(account, region, request: MetricsRequest): Promise<MetricsResult> {
      const at = now();
      const denied = failure(account, region, 'cloudwatch', [], 'GetMetricData');
      if (denied)
        return { series: request.queries.map((q) => ({ id: q.id, points: [] })), failures: [denied] };
      const read = createSeriesReader({ ...request, now: at, seed: scenario.seed });
      // Generating weeks of hourly points is CPU work in this process (a real call waits on the network).
      const series: MetricsResult['series'] = [];
      await forEachPaced(request.queries, SERIES_PER_TURN, (query) => {
        series.push({
          id: query.id,
          points: read(world.find(account.accountId, region, query.resource), query),
        });
      });
      return { series, failures: [] };
    },

    async scalingActivities(account, region, groupName, limit) {
      const denied = failure(account, region, 'autoscaling', [], 'DescribeScalingActivities');
      if (denied) return { activities: [], failures: [denied] };
      now();
      const entry = world.find(account.accountId, region, { kind: 'autoscaling-group', id: groupName });
      const activities = [...(entry?.activities ?? [])].reverse().slice(0, limit);
      return { activities: structuredClone(activities), failures: [] };
    },

    async scheduledActions(account, region, groupName) {
      const denied = failure(account, region, 'autoscaling', [], 'DescribeScheduledActions');
      if (denied) return { actions: [], failures: [denied] };
      now();
      const entry = world.find(account.accountId, region, { kind: 'autoscaling-group', id: groupName });
      return { actions: structuredClone(entry?.scheduledActions ?? []), failures: [] };
    },

    async listReservations(account, region): Promise<ListReservationsResult> {
      const at = now();
      const failures: CloudFailure[] = [];
      const answered = new Set<string>();
      for (const service of RESERVATION_SERVICES) {
        const failed = failure(account, region, service, [], RESERVATION_CALLS[service]);
        if (failed === null) answered.add(service);
        else if (!failures.some((f) => f.service === 'sts')) failures.push(failed);
      }
      const reservations = scenario.reservations
        .filter((r) => r.accountId === account.accountId && r.region === region && answered.has(r.service))
        .map((r) => simReservation(r, at))
        .sort((a, b) => a.arn.localeCompare(b.arn));
      return { reservations, failures };
    },

    async listSavingsPlans(account): Promise<ListSavingsPlansResult> {
      const at = now();
      const failed = failure(account, null, 'savingsplans', [], SAVINGS_PLANS_CALL);
      if (failed !== null) return { savingsPlans: [], failures: [failed] };
      const savingsPlans = scenario.savingsPlans
        .filter((p) => p.accountId === account.accountId)
        .map((p) => simSavingsPlan(p, at))
        .sort((a, b) => a.arn.localeCompare(b.arn));
      return { savingsPlans, failures: [] };
    },

    async act(account, action: CloudAction) {
      const [answer] = await actAll(account, [action]);
      if (!answer?.ok) throw answer?.error ?? new CloudActionError('failed', 'no answer');
      return answer.result;
    },

    actMany: (account, actions) => actAll(account, actions),
  };

  /** Actions at one instant of the clock (a batch call), each refused alone; the world syncs once. */
  async function actAll(account: CloudAccount, actions: readonly CloudAction[]): Promise<ActionAnswer[]> {
    const at = now();
    const answers: ActionAnswer[] = [];
    for (const action of actions) {
      try {
        const denied = failure(account, action.region, KIND_SERVICE[action.resource.kind], [], action.type);
        if (denied) throw new CloudActionError('denied', denied.message);
        const entry = world.find(account.accountId, action.region, action.resource);
        if (!entry)
          throw new CloudActionError('not-found', `${action.resource.kind} ${action.resource.id} not found`);
        const result = simAct(entry, action, {
          world,
          accountId: account.accountId,
          now: at,
          transitionMs: scenario.transitionSeconds * 1000,
        });
        await journal?.record({ at: new Date(at), accountId: account.accountId, action });
        answers.push({ ok: true, result: structuredClone(result) });
      } catch (error) {
        if (!(error instanceof CloudActionError)) throw error;
        answers.push({ ok: false, error });
      }
    }
    return answers;
  }
}
