import {
  DescribeReservedInstancesCommand,
  type EC2Client,
  type ReservedInstances,
} from '@aws-sdk/client-ec2';
import { DescribeReservedCacheNodesCommand, type ReservedCacheNode } from '@aws-sdk/client-elasticache';
import {
  DescribeReservedInstancesCommand as DescribeReservedSearchInstancesCommand,
  type ReservedInstance as ReservedSearchInstance,
} from '@aws-sdk/client-opensearch';
import { DescribeReservedDBInstancesCommand, type ReservedDBInstance } from '@aws-sdk/client-rds';
import { DescribeReservedNodesCommand, type ReservedNode } from '@aws-sdk/client-redshift';
import {
  DescribeSavingsPlansCommand,
  type SavingsPlan,
  type SavingsplansClient,
} from '@aws-sdk/client-savingsplans';
import {
  type AccountReservation,
  type AccountSavingsPlan,
  accountReservation,
  type CloudService,
  reservationArn,
  termFrom,
} from '../cloud-port';
import type { AwsClients } from './aws-clients';
import type { FailureLog } from './aws-failures';
import type { Scope } from './list-ec2';

/** How long a reservation listing may take in all (sign-in and every page of every service): a page waits on it. */
export const RESERVATION_TIMEOUT_MS = 5_000;
/** RDS, ElastiCache and Redshift answer 20–100 reservations a page, OpenSearch up to 100. */
const PAGE = 100;
/** DescribeSavingsPlans answers up to 1,000 plans a page. */
const PLANS_PAGE = 1_000;

/** The error a call over its time limit fails with (its code: TimeoutError). */
export class CallTimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * Runs `run` with a signal that aborts at `deadline` (epoch ms); the answer is refused at that instant even when
 * the SDK is still retrying or backing off, so the caller never waits past it.
 */
export function beforeDeadline<T>(
  deadline: number,
  what: string,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const ms = Math.max(0, deadline - Date.now());
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new CallTimeoutError(`${what} gave no answer within the time limit`));
    }, ms);
  });
  return Promise.race([run(controller.signal), late]).finally(() => clearTimeout(timer));
}

/** Asks page after page (each answer's token asks the next) until a page names none or the call is aborted. */
async function allPages<T>(
  signal: AbortSignal,
  ask: (token: string | undefined) => Promise<{ items: T[] | undefined; next: string | undefined }>,
): Promise<T[]> {
  const out: T[] = [];
  let token: string | undefined;
  do {
    const page = await ask(token);
    out.push(...(page.items ?? []));
    token = page.next || undefined;
  } while (token !== undefined && !signal.aborted);
  return out;
}

/** One service's listing, recorded against its call and held to the deadline. */
function described<T>(
  log: FailureLog,
  service: CloudService,
  operation: string,
  deadline: number,
  list: (abortSignal: AbortSignal) => Promise<T[]>,
): Promise<T[]> {
  return log.attempt(service, operation, [], [], () => beforeDeadline(deadline, operation, list));
}

const ec2Reservation = (scope: Scope, r: ReservedInstances): AccountReservation => {
  const id = r.ReservedInstancesId ?? '';
  return accountReservation({
    service: 'ec2',
    id,
    arn: reservationArn('ec2', scope.region, scope.accountId, id),
    state: r.State ?? 'active',
    start: r.Start ?? null,
    end: r.End ?? null,
    durationSeconds: r.Duration ?? null,
    count: r.InstanceCount ?? 0,
    instanceType: r.InstanceType ?? 'unknown',
    offeringClass: r.OfferingClass ?? null,
    offeringType: r.OfferingType ?? null,
    scope: r.Scope ?? null,
    availabilityZone: r.AvailabilityZone ?? null,
    productDescription: r.ProductDescription ?? null,
  });
};

const rdsReservation = (scope: Scope, r: ReservedDBInstance): AccountReservation => {
  const id = r.ReservedDBInstanceId ?? '';
  return accountReservation({
    service: 'rds',
    id,
    arn: r.ReservedDBInstanceArn ?? reservationArn('rds', scope.region, scope.accountId, id),
    state: r.State ?? 'active',
    ...termFrom(r.StartTime, r.Duration),
    count: r.DBInstanceCount ?? 0,
    instanceType: r.DBInstanceClass ?? 'unknown',
    offeringType: r.OfferingType ?? null,
    productDescription: r.ProductDescription ?? null,
    multiAz: r.MultiAZ ?? false,
  });
};

const cacheReservation = (scope: Scope, r: ReservedCacheNode): AccountReservation => {
  const id = r.ReservedCacheNodeId ?? '';
  return accountReservation({
    service: 'elasticache',
    id,
    arn: r.ReservationARN ?? reservationArn('elasticache', scope.region, scope.accountId, id),
    state: r.State ?? 'active',
    ...termFrom(r.StartTime, r.Duration),
    count: r.CacheNodeCount ?? 0,
    instanceType: r.CacheNodeType ?? 'unknown',
    offeringType: r.OfferingType ?? null,
    productDescription: r.ProductDescription ?? null,
  });
};

/** OpenSearch answers its payment option in capitals (ALL_UPFRONT …): named as the other services do. */
const PAYMENT_OPTIONS: Record<string, string> = {
  ALL_UPFRONT: 'All Upfront',
  PARTIAL_UPFRONT: 'Partial Upfront',
  NO_UPFRONT: 'No Upfront',
};

const searchReservation = (scope: Scope, r: ReservedSearchInstance): AccountReservation => {
  const id = r.ReservedInstanceId ?? '';
  return accountReservation({
    service: 'opensearch',
    id,
    arn: reservationArn('opensearch', scope.region, scope.accountId, id),
    state: r.State ?? 'active',
    ...termFrom(r.StartTime, r.Duration),
    count: r.InstanceCount ?? 0,
    instanceType: r.InstanceType ?? 'unknown',
    offeringType:
      r.PaymentOption === undefined ? null : (PAYMENT_OPTIONS[r.PaymentOption] ?? r.PaymentOption),
  });
};

const redshiftReservation = (scope: Scope, r: ReservedNode): AccountReservation => {
  const id = r.ReservedNodeId ?? '';
  return accountReservation({
    service: 'redshift',
    id,
    arn: reservationArn('redshift', scope.region, scope.accountId, id),
    state: r.State ?? 'active',
    ...termFrom(r.StartTime, r.Duration),
    count: r.NodeCount ?? 0,
    instanceType: r.NodeType ?? 'unknown',
    offeringClass: r.ReservedNodeOfferingType ?? null,
    offeringType: r.OfferingType ?? null,
  });
};

/** EC2 DescribeReservedInstances: one call answers every reservation of the region (the operation has no pages). */
function ec2Reservations(ec2: EC2Client, scope: Scope, deadline: number, log: FailureLog) {
  return described(log, 'ec2', 'DescribeReservedInstances', deadline, async (abortSignal) => {
    const answer = await ec2.send(new DescribeReservedInstancesCommand({}), { abortSignal });
    return (answer.ReservedInstances ?? []).map((r) => ec2Reservation(scope, r));
  });
}

/** A page's request fields: RDS, ElastiCache and Redshift page with Marker and MaxRecords, OpenSearch with NextToken. */
const markerPage = (token: string | undefined) => ({ MaxRecords: PAGE, ...(token ? { Marker: token } : {}) });
const nextTokenPage = (token: string | undefined) => ({
  MaxResults: PAGE,
  ...(token ? { NextToken: token } : {}),
});

type PageToken = string | undefined;
type SendOptions = { abortSignal: AbortSignal };
type ItemOf<List> = NonNullable<List> extends readonly (infer Item)[] ? Item : never;
type TokenField<Answer> = {
  [K in keyof Answer]: Answer[K] extends string | undefined ? K : never;
}[keyof Answer];

/** One service's reservations asked page by page: the request's page, the answer's items and next token. */
interface ReservationListing {
  service: CloudService;
  operation: string;
  ask: (
    clients: AwsClients,
    scope: Scope,
    token: string | undefined,
    abortSignal: AbortSignal,
  ) => Promise<{ items: AccountReservation[]; next: string | undefined }>;
}

/** A row of PAGED_RESERVATIONS: the call (its command for a page's token), the answer's items and next-token fields. */
function listing<Answer, Items extends keyof Answer>(row: {
  service: CloudService;
  operation: string;
  send: (clients: AwsClients, token: PageToken, options: SendOptions) => Promise<Answer>;
  items: Items;
  next: NoInfer<TokenField<Answer>>;
  reservation: (scope: Scope, item: NoInfer<ItemOf<Answer[Items]>>) => AccountReservation;
}): ReservationListing {
  return {
    service: row.service,
    operation: row.operation,
    async ask(clients, scope, token, abortSignal) {
      const answer = await row.send(clients, token, { abortSignal });
      const items = (answer[row.items] ?? []) as readonly ItemOf<Answer[Items]>[];
      return {
        items: items.map((item) => row.reservation(scope, item)),
        next: answer[row.next] as string | undefined,
      };
    },
  };
}

/** The services whose reservations are listed page by page (EC2 answers in one call). */
const PAGED_RESERVATIONS: readonly ReservationListing[] = [
  listing({
    service: 'rds',
    operation: 'DescribeReservedDBInstances',
    send: (c: AwsClients, token: PageToken, options: SendOptions) =>
      c.rds.send(new DescribeReservedDBInstancesCommand(markerPage(token)), options),
    items: 'ReservedDBInstances',
    next: 'Marker',
    reservation: rdsReservation,
  }),
  listing({
    service: 'elasticache',
    operation: 'DescribeReservedCacheNodes',
    send: (c: AwsClients, token: PageToken, options: SendOptions) =>
      c.elasticache.send(new DescribeReservedCacheNodesCommand(markerPage(token)), options),
    items: 'ReservedCacheNodes',
    next: 'Marker',
    reservation: cacheReservation,
  }),
  listing({
    service: 'opensearch',
    operation: 'DescribeReservedInstances',
    send: (c: AwsClients, token: PageToken, options: SendOptions) =>
      c.opensearch.send(new DescribeReservedSearchInstancesCommand(nextTokenPage(token)), options),
    items: 'ReservedInstances',
    next: 'NextToken',
    reservation: searchReservation,
  }),
  listing({
    service: 'redshift',
    operation: 'DescribeReservedNodes',
    send: (c: AwsClients, token: PageToken, options: SendOptions) =>
      c.redshift.send(new DescribeReservedNodesCommand(markerPage(token)), options),
    items: 'ReservedNodes',
    next: 'Marker',
    reservation: redshiftReservation,
  }),
];

/** Every service's reservations of the region side by side; a failed service loses only its own. */
export async function listAwsReservations(
  clients: AwsClients,
  scope: Scope,
  deadline: number,
  log: FailureLog,
): Promise<AccountReservation[]> {
  const lists = await Promise.all([
    ec2Reservations(clients.ec2, scope, deadline, log),
    // Each paged service's pages share the deadline.
    ...PAGED_RESERVATIONS.map((l) =>
      described(log, l.service, l.operation, deadline, (abortSignal) =>
        allPages(abortSignal, (token) => l.ask(clients, scope, token, abortSignal)),
      ),
    ),
  ]);
  return lists.flat().sort((a, b) => a.arn.localeCompare(b.arn));
}

/** Savings Plans answers its amounts as decimal text. */
const amount = (text: string | undefined) => {
  const value = text === undefined || text === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) ? value : null;
};
const instant = (text: string | undefined) => {
  const at = text === undefined ? Number.NaN : Date.parse(text);
  return Number.isNaN(at) ? null : new Date(at);
};

const savingsPlan = (p: SavingsPlan): AccountSavingsPlan => ({
  id: p.savingsPlanId ?? '',
  arn: p.savingsPlanArn ?? '',
  state: p.state ?? 'active',
  start: instant(p.start),
  end: instant(p.end),
  durationSeconds: p.termDurationInSeconds ?? null,
  planType: p.savingsPlanType ?? null,
  paymentOption: p.paymentOption ?? null,
  commitment: amount(p.commitment),
  upfrontPaymentAmount: amount(p.upfrontPaymentAmount),
  recurringPaymentAmount: amount(p.recurringPaymentAmount),
  currency: p.currency ?? null,
  region: p.region || null,
  instanceFamily: p.ec2InstanceFamily || null,
});

/** Savings Plans DescribeSavingsPlans, every state, page by page (nextToken); all pages share the deadline. */
export function listAwsSavingsPlans(
  savingsplans: SavingsplansClient,
  deadline: number,
  log: FailureLog,
): Promise<AccountSavingsPlan[]> {
  return described(log, 'savingsplans', 'DescribeSavingsPlans', deadline, async (abortSignal) => {
    const items = await allPages(abortSignal, async (nextToken) => {
      const page = await savingsplans.send(
        new DescribeSavingsPlansCommand({ maxResults: PLANS_PAGE, ...(nextToken ? { nextToken } : {}) }),
        { abortSignal },
      );
      return { items: page.savingsPlans, next: page.nextToken };
    });
    return items.map(savingsPlan).sort((a, b) => a.arn.localeCompare(b.arn));
  });
}
