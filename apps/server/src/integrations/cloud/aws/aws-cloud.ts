import { DescribeRegionsCommand } from '@aws-sdk/client-ec2';
import { CloudActionError } from '../cloud-actions';
import type { CloudAccount, CloudPort, ListResourcesResult, RegionInfo } from '../cloud-port';
import { type CloudResource, RESOURCE_KINDS, type ResourceKind } from '../cloud-resources';
import { awsAct } from './aws-actions';
import { describeScheduledActions } from './aws-asg-actions';
import { awsActMany } from './aws-batch';
import { type AwsClientSettings, type AwsClients, accountCredentials, createAwsClients } from './aws-clients';
import { FailureLog } from './aws-failures';
import { getAwsMetrics } from './aws-metrics';
import {
  beforeDeadline,
  listAwsReservations,
  listAwsSavingsPlans,
  RESERVATION_TIMEOUT_MS,
} from './aws-reservations';
import { listEc2 } from './list-ec2';
import { listBuckets, listEks, listLambda } from './list-eks-lambda-s3';
import { listAutoScalingGroups, listLoadBalancers, listRds, listScalingActivities } from './list-elb-rds-asg';

/** DescribeRegions answers from any enabled region. */
const HOME_REGION = 'us-east-1';

export interface AwsCloudOptions {
  /** Lets accounts use the server's own AWS identity (environment, instance profile); off by default. */
  allowServerIdentity?: boolean;
  now?: () => Date;
  /** Set on every client (an HTTP handler, an endpoint). */
  clientSettings?: AwsClientSettings;
  /** The time limit of a reservation listing, sign-in and every page included (RESERVATION_TIMEOUT_MS). */
  reservationTimeoutMs?: number;
}

type Signed = { clients: (region: string) => AwsClients };

/**
 * The cloud port on AWS SDK v3. Credentials are resolved once per account (an assumed role is cached
 * until it nears expiry), clients once per account and region; a failure is recorded against the account,
 * region and service it hit, and what other calls returned is kept.
 */
export function createAwsCloud(options: AwsCloudOptions = {}): CloudPort {
  const now = options.now ?? (() => new Date());
  const signed = new Map<string, Signed>();

  /**
   * The account's clients, or null after recording why it cannot sign in. With a signal, assuming the role is
   * aborted when it fires, and the caller that fired it records why.
   */
  async function signIn(
    account: CloudAccount,
    log: FailureLog,
    kinds: ResourceKind[],
    signal?: AbortSignal,
  ): Promise<Signed | null> {
    const key = JSON.stringify([account.accountId, account.credentials]);
    const cached = signed.get(key);
    if (cached) return cached;
    try {
      const credentials = accountCredentials(account, options.allowServerIdentity ?? false);
      // Assume the role now, so a refusal is reported once as the account's, not by every service.
      if (typeof credentials === 'function')
        await credentials(signal === undefined ? undefined : { abortSignal: signal });
      const byRegion = new Map<string, AwsClients>();
      const entry: Signed = {
        clients: (region) => {
          const clients =
            byRegion.get(region) ?? createAwsClients(region, credentials, options.clientSettings);
          byRegion.set(region, clients);
          return clients;
        },
      };
      signed.set(key, entry);
      return entry;
    } catch (error) {
      if (signal?.aborted) throw error;
      log.record('sts', 'AssumeRole', kinds, error);
      return null;
    }
  }

  /** Signs in before `deadline` (assuming the role is aborted at it), or null after recording why not. */
  function signInBefore(account: CloudAccount, log: FailureLog, deadline: number) {
    return beforeDeadline(deadline, 'AssumeRole', (signal) => signIn(account, log, [], signal)).catch(
      (error: unknown) => {
        log.record('sts', 'AssumeRole', [], error);
        return null;
      },
    );
  }

  const deadlineFromNow = () => Date.now() + (options.reservationTimeoutMs ?? RESERVATION_TIMEOUT_MS);

  return {
    async listRegions(account) {
      const log = new FailureLog(account.accountId, null);
      const session = await signIn(account, log, []);
      if (!session) return { regions: [], failures: log.failures };
      const regions = await log.attempt('ec2', 'DescribeRegions', [], [], async () => {
        const answer = await session
          .clients(HOME_REGION)
          .ec2.send(new DescribeRegionsCommand({ AllRegions: true }));
        return (answer.Regions ?? []).map((r): RegionInfo => {
          const optInStatus = (r.OptInStatus ?? 'opt-in-not-required') as RegionInfo['optInStatus'];
          return { name: r.RegionName ?? '', optInStatus, enabled: optInStatus !== 'not-opted-in' };
        });
      });
      return { regions, failures: log.failures };
    },

    async listResources(account, region, kinds): Promise<ListResourcesResult> {
      const log = new FailureLog(account.accountId, region);
      const session = await signIn(account, log, [...kinds]);
      if (!session) return { resources: [], failures: log.failures };
      const c = session.clients(region);
      const scope = { accountId: account.accountId, region };
      const want = new Set<string>(kinds);
      const has = (...some: ResourceKind[]) => some.some((k) => want.has(k));
      const lists: Promise<CloudResource[]>[] = [];
      if (has('ec2-instance', 'ebs-volume', 'ebs-snapshot', 'elastic-ip', 'nat-gateway'))
        lists.push(listEc2(c.ec2, scope, want, log));
      if (has('load-balancer')) lists.push(listLoadBalancers(c.elb, scope, log));
      if (has('rds-instance', 'rds-cluster')) lists.push(listRds(c.rds, scope, want, log));
      if (has('s3-bucket')) lists.push(listBuckets(c.s3, c.cloudwatch, scope, now(), log));
      if (has('autoscaling-group')) lists.push(listAutoScalingGroups(c, scope, log));
      if (has('eks-cluster', 'eks-nodegroup', 'eks-fargate-profile'))
        lists.push(listEks(c.eks, scope, want, log));
      if (has('lambda-function')) lists.push(listLambda(c.lambda, scope, log));
      const resources = (await Promise.all(lists))
        .flat()
        .sort(
          (a, b) =>
            RESOURCE_KINDS.indexOf(a.kind) - RESOURCE_KINDS.indexOf(b.kind) || a.id.localeCompare(b.id),
        );
      return { resources, failures: log.failures };
    },

    async getMetrics(account, region, request) {
      const log = new FailureLog(account.accountId, region);
      const session = await signIn(account, log, []);
      if (!session)
        return { series: request.queries.map((q) => ({ id: q.id, points: [] })), failures: log.failures };
      const series = await getAwsMetrics(session.clients(region).cloudwatch, request, log);
      return { series, failures: log.failures };
    },

    async scalingActivities(account, region, groupName, limit) {
      const log = new FailureLog(account.accountId, region);
      const session = await signIn(account, log, []);
      if (!session) return { activities: [], failures: log.failures };
      const activities = await listScalingActivities(
        session.clients(region).autoscaling,
        groupName,
        limit,
        log,
      );
      return { activities, failures: log.failures };
    },

    async scheduledActions(account, region, groupName) {
      const log = new FailureLog(account.accountId, region);
      const session = await signIn(account, log, []);
      if (!session) return { actions: [], failures: log.failures };
      const autoscaling = session.clients(region).autoscaling;
      const actions = await log.attempt('autoscaling', 'DescribeScheduledActions', [], [], () =>
        describeScheduledActions(autoscaling, groupName),
      );
      return { actions, failures: log.failures };
    },

    async listReservations(account, region) {
      const log = new FailureLog(account.accountId, region);
      const deadline = deadlineFromNow();
      const session = await signInBefore(account, log, deadline);
      if (!session) return { reservations: [], failures: log.failures };
      const scope = { accountId: account.accountId, region };
      const reservations = await listAwsReservations(session.clients(region), scope, deadline, log);
      return { reservations, failures: log.failures };
    },

    async listSavingsPlans(account) {
      const log = new FailureLog(account.accountId, null);
      const deadline = deadlineFromNow();
      const session = await signInBefore(account, log, deadline);
      if (!session) return { savingsPlans: [], failures: log.failures };
      const savingsPlans = await listAwsSavingsPlans(
        session.clients(HOME_REGION).savingsplans,
        deadline,
        log,
      );
      return { savingsPlans, failures: log.failures };
    },

    async act(account, action) {
      const log = new FailureLog(account.accountId, action.region);
      const session = await signIn(account, log, []);
      if (!session) throw new CloudActionError('denied', log.failures[0]?.message ?? 'cannot sign in');
      return awsAct(session.clients(action.region), action);
    },

    async actMany(account, actions) {
      const log = new FailureLog(account.accountId, null);
      const session = await signIn(account, log, []);
      if (!session) {
        const error = new CloudActionError('denied', log.failures[0]?.message ?? 'cannot sign in');
        return actions.map(() => ({ ok: false, error }));
      }
      return awsActMany(session.clients, actions);
    },
  };
}
