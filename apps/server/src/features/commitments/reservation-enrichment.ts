import type { CommitmentInventory } from '@finlens/contracts/commitments';
import { iamActionOf } from '../../integrations/cloud/aws/aws-calls';
import {
  type AccountReservation,
  type AccountSavingsPlan,
  type CloudAccount,
  type CloudFailure,
  type CloudPort,
  type CloudService,
  RESERVATION_CALLS,
  type ReservationService,
  SAVINGS_PLANS_CALL,
} from '../../integrations/cloud/cloud-port';

type Reservation = CommitmentInventory['reservations'][number];
type Plan = CommitmentInventory['savings_plans'][number];
type BillReservation = Omit<Reservation, 'from_account'>;
type BillPlan = Omit<Plan, 'from_account'>;
type Enrichment = CommitmentInventory['enrichment'];
type Refused = Enrichment['refused'][number];

/** Where a project's cloud is read live (the inventory's collection targets answer it; app/ wires it). */
export type ReservationCloudTarget =
  | { kind: 'simulated' | 'aws'; port: CloudPort; accounts: CloudAccount[] }
  | { kind: 'awaiting-configuration'; reason: string };
export type ResolveReservationCloud = (
  projectId: string,
  clientId: string,
) => Promise<ReservationCloudTarget | null>;

/** How long an account's answer is kept: the inventory page asks on every load. */
export const ENRICHMENT_KEEP_MS = 5 * 60_000;
/** How long an answer with a failed call is kept: long enough for a page's parallel reads, short for a retry. */
export const ENRICHMENT_FAILED_KEEP_MS = 30_000;
/** The bill's services whose reservations the cloud port describes, and the port's service for each. */
const DESCRIBED: Readonly<Record<string, ReservationService>> = {
  AmazonEC2: 'ec2',
  AmazonRDS: 'rds',
  AmazonElastiCache: 'elasticache',
  AmazonES: 'opensearch',
  AmazonRedshift: 'redshift',
};
/** Provider codes of a call refused for want of permission (EC2 answers UnauthorizedOperation). */
const PERMISSION_CODES = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'UnauthorizedAccess',
]);
const STILL_FROM_BILL = 'Every figure still comes from the bill.';
const POLICY = 'IAM policy 2026-11-27.4, Settings → Cloud Accounts';

/** One call the inventory needs: the service asked and its operation. */
type Call = { service: CloudService; operation: string };
type Listing<T> = { items: T[]; failures: CloudFailure[] };
/** One account's answer, or why it could not be asked. */
type Answer<T> = Listing<T> | { unreachable: string };
type Reach = () => Promise<{
  accounts: Map<string, { port: CloudPort; account: CloudAccount }>;
  awaiting: string[];
}>;

const idOf = (arn: string) => arn.slice(Math.max(arn.lastIndexOf('/'), arn.lastIndexOf(':')) + 1);
const iso = (at: Date | null) => (at === null ? null : at.toISOString());
const YEAR_SECONDS = 31_536_000;

function reservationFromAccount(r: AccountReservation): NonNullable<Reservation['from_account']> {
  return {
    state: r.state,
    start: iso(r.start),
    end: iso(r.end),
    count: r.count,
    instance_type: r.instanceType,
    offering_class: r.offeringClass,
    offering_type: r.offeringType,
    scope: r.scope,
    availability_zone: r.availabilityZone,
    platform: r.productDescription,
    multi_az: r.multiAz,
  };
}

function planFromAccount(p: AccountSavingsPlan): NonNullable<Plan['from_account']> {
  return {
    state: p.state,
    start: iso(p.start),
    end: iso(p.end),
    plan_type: p.planType,
    payment_option: p.paymentOption,
    term: p.durationSeconds === null ? null : `${Math.round(p.durationSeconds / YEAR_SECONDS)}yr`,
    commitment: p.commitment,
    upfront_payment_amount: p.upfrontPaymentAmount,
    recurring_payment_amount: p.recurringPaymentAmount,
    region: p.region,
    instance_family: p.instanceFamily,
  };
}

const refusedOf = (f: CloudFailure): Refused => ({
  account_id: f.accountId,
  region: f.region,
  operation: f.operation,
  code: f.code,
  message: f.message,
  iam_action: iamActionOf(f.service, f.operation),
});

/** The status and message of the calls needed: answered, refused for want of permission, failed otherwise. */
function statusOf(
  answered: number,
  refused: readonly Refused[],
  failed: readonly string[],
): Pick<Enrichment, 'status' | 'message'> {
  const permission = refused.filter((r) => PERMISSION_CODES.has(r.code) && r.iam_action !== null);
  if (permission.length === 0 && failed.length === 0) return { status: 'ok', message: null };
  const actions = [...new Set(permission.map((r) => r.iam_action))].sort();
  const grant =
    actions.length === 0
      ? ''
      : ` Grant ${actions.slice(0, -1).join(', ')}${actions.length > 1 ? ' and ' : ''}${actions.at(-1)} (${POLICY}) to see each commitment’s state, exact start and end, and terms.`;
  const why = failed.length === 0 ? '' : ` ${[...new Set(failed)].join(' ')}`;
  if (answered > 0)
    return {
      status: 'partial',
      message: `Only some commitments are described by their account.${grant}${why} ${STILL_FROM_BILL}`,
    };
  if (failed.length === 0)
    return {
      status: 'not_granted',
      message: `Enrichment is not granted: the owner account refuses to describe its commitments.${grant} ${STILL_FROM_BILL}`,
    };
  return {
    status: 'unavailable',
    message: `The owner accounts could not describe their commitments.${why} ${STILL_FROM_BILL}`,
  };
}

/**
 * Describes the bill's reservations and savings plans from their owner accounts (docs/commitments.md): asks each
 * owner account (and region, for reservations) once through the cloud port, through the collection target of a
 * project of the scope that reaches it, keeps the answer per client (ENRICHMENT_KEEP_MS; one with a failed call
 * ENRICHMENT_FAILED_KEEP_MS), and matches by ARN, else by id. Figures never change.
 */
export function createReservationEnrichment({
  resolveCloud,
  now = () => new Date(),
}: {
  resolveCloud: ResolveReservationCloud;
  now?: () => Date;
}) {
  const kept = new Map<string, { until: number; answer: Promise<Answer<unknown>> }>();

  /** Every account the scope's projects reach, with the port that reaches it; why none does otherwise. */
  async function reachable(scope: { clientId: string; projectIds: readonly string[] }) {
    const targets = await Promise.all(scope.projectIds.map((id) => resolveCloud(id, scope.clientId)));
    const accounts = new Map<string, { port: CloudPort; account: CloudAccount }>();
    const awaiting: string[] = [];
    for (const target of targets) {
      if (target === null) continue;
      if (target.kind === 'awaiting-configuration') awaiting.push(target.reason);
      else
        for (const account of target.accounts)
          accounts.set(account.accountId, { port: target.port, account });
    }
    return { accounts, awaiting };
  }

  /** Forgets `key` after `ms` unless it was asked again since (the timer does not keep the process alive). */
  function forgetAfter(key: string, answer: Promise<unknown>, ms: number) {
    const entry = kept.get(key);
    if (entry?.answer !== answer) return;
    entry.until = Math.min(entry.until, now().getTime() + ms);
    setTimeout(() => {
      if (kept.get(key)?.answer === answer) kept.delete(key);
    }, ms).unref();
  }

  function ask<T>(
    key: string,
    reach: Reach,
    accountId: string,
    list: (port: CloudPort, account: CloudAccount) => Promise<Listing<T>>,
  ): Promise<Answer<T>> {
    const at = now().getTime();
    const hit = kept.get(key);
    if (hit !== undefined && hit.until > at) return hit.answer as Promise<Answer<T>>;
    const answer = reach().then(({ accounts, awaiting }): Promise<Answer<T>> | Answer<T> => {
      const found = accounts.get(accountId);
      if (found !== undefined) return list(found.port, found.account);
      const reason = awaiting[0] === undefined ? '' : ` (awaiting configuration: ${awaiting[0]})`;
      return { unreachable: `No cloud account of these projects reaches account ${accountId}${reason}.` };
    });
    kept.set(key, { until: at + ENRICHMENT_KEEP_MS, answer });
    // Kept: the account's answer (ENRICHMENT_KEEP_MS; briefly when a call failed). Not kept: an account these
    // projects do not reach (another scope may), and a thrown error (a database read, not the account's answer).
    answer.then(
      (a) =>
        forgetAfter(
          key,
          answer,
          'unreachable' in a ? 0 : a.failures.length > 0 ? ENRICHMENT_FAILED_KEEP_MS : ENRICHMENT_KEEP_MS,
        ),
      () => forgetAfter(key, answer, 0),
    );
    return answer;
  }

  /** Tallies one listing's answer for the calls it had to make. */
  function tally(
    answer: Answer<unknown>,
    calls: readonly Call[],
    out: { answered: number; refused: Refused[]; failed: string[] },
  ) {
    if ('unreachable' in answer) {
      out.failed.push(answer.unreachable);
      return;
    }
    const relevant = answer.failures.filter(
      (f) => f.service === 'sts' || calls.some((c) => f.service === c.service && f.operation === c.operation),
    );
    for (const call of calls) {
      const failure = relevant.find(
        (f) => f.service === 'sts' || (f.service === call.service && f.operation === call.operation),
      );
      if (failure === undefined) out.answered++;
      else if (failure.service === 'sts' || !PERMISSION_CODES.has(failure.code))
        out.failed.push(`${failure.operation} failed for account ${failure.accountId}: ${failure.code}.`);
    }
    out.refused.push(...relevant.map(refusedOf));
  }

  return async function enrich(
    scope: { clientId: string; projectIds: readonly string[] },
    bill: { reservations: readonly BillReservation[]; savings_plans: readonly BillPlan[] },
  ): Promise<{ reservations: Reservation[]; savings_plans: Plan[]; enrichment: Enrichment }> {
    let reached: ReturnType<Reach> | null = null;
    const reach: Reach = () => {
      reached ??= reachable(scope);
      return reached;
    };
    const serviceOf = (r: BillReservation) => (r.service === null ? undefined : DESCRIBED[r.service]);
    const places = new Map<
      string,
      { accountId: string; region: string; services: Set<ReservationService> }
    >();
    for (const r of bill.reservations) {
      const service = serviceOf(r);
      if (service === undefined || r.region === null) continue;
      const place = `${r.owner_account}|${r.region}`;
      const entry = places.get(place) ?? {
        accountId: r.owner_account,
        region: r.region,
        services: new Set(),
      };
      entry.services.add(service);
      places.set(place, entry);
    }
    const planOwners = [...new Set(bill.savings_plans.map((p) => p.owner_account))];
    const [reservationAnswers, planAnswers] = await Promise.all([
      Promise.all(
        [...places.values()].map(async (p) => ({
          calls: [...p.services].map((service) => ({ service, operation: RESERVATION_CALLS[service] })),
          answer: await ask(
            JSON.stringify([scope.clientId, p.accountId, p.region]),
            reach,
            p.accountId,
            async (port, account) => {
              const { reservations, failures } = await port.listReservations(account, p.region);
              return { items: reservations, failures };
            },
          ),
        })),
      ),
      Promise.all(
        planOwners.map(async (accountId) => ({
          calls: [{ service: 'savingsplans' as const, operation: SAVINGS_PLANS_CALL }],
          answer: await ask(
            JSON.stringify([scope.clientId, accountId, 'savings plans']),
            reach,
            accountId,
            async (port, account) => {
              const { savingsPlans, failures } = await port.listSavingsPlans(account);
              return { items: savingsPlans, failures };
            },
          ),
        })),
      ),
    ]);
    const counts = { answered: 0, refused: [] as Refused[], failed: [] as string[] };
    const reservationsBy = new Map<string, AccountReservation>();
    for (const { calls, answer } of reservationAnswers) {
      tally(answer, calls, counts);
      if ('unreachable' in answer) continue;
      for (const r of answer.items) {
        reservationsBy.set(r.arn, r);
        reservationsBy.set(`${r.service}|${r.id}`, r);
      }
    }
    const plansBy = new Map<string, AccountSavingsPlan>();
    for (const { calls, answer } of planAnswers) {
      tally(answer, calls, counts);
      if ('unreachable' in answer) continue;
      for (const p of answer.items) {
        plansBy.set(p.arn, p);
        plansBy.set(`plan|${p.id}`, p);
      }
    }
    const reservations = bill.reservations.map((r): Reservation => {
      const service = serviceOf(r);
      const found =
        service === undefined
          ? undefined
          : (reservationsBy.get(r.arn) ?? reservationsBy.get(`${service}|${idOf(r.arn)}`));
      return { ...r, from_account: found === undefined ? null : reservationFromAccount(found) };
    });
    const savingsPlans = bill.savings_plans.map((p): Plan => {
      const found = plansBy.get(p.arn) ?? plansBy.get(`plan|${idOf(p.arn)}`);
      return { ...p, from_account: found === undefined ? null : planFromAccount(found) };
    });
    return {
      reservations,
      savings_plans: savingsPlans,
      enrichment: {
        ...statusOf(counts.answered, counts.refused, counts.failed),
        described:
          reservations.filter((r) => r.from_account !== null).length +
          savingsPlans.filter((p) => p.from_account !== null).length,
        refused: counts.refused,
      },
    };
  };
}

export type ReservationEnrichment = ReturnType<typeof createReservationEnrichment>;
