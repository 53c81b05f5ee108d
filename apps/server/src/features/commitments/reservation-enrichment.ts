import type { CommitmentInventory } from '@finlens/contracts/commitments';
import { iamActionOf } from '../../integrations/cloud/aws/aws-calls';
import type {
  AccountReservation,
  CloudAccount,
  CloudFailure,
  CloudPort,
  ListReservationsResult,
} from '../../integrations/cloud/cloud-port';

type Reservation = CommitmentInventory['reservations'][number];
type BillReservation = Omit<Reservation, 'from_account'>;
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
/** The bill's services whose reservations the cloud port describes, and the port's service for each. */
const DESCRIBED = { AmazonEC2: 'ec2', AmazonRDS: 'rds' } as const;
const OPERATIONS = { ec2: 'DescribeReservedInstances', rds: 'DescribeReservedDBInstances' } as const;
/** Provider codes of a call refused for want of permission (EC2 answers UnauthorizedOperation). */
const PERMISSION_CODES = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'UnauthorizedAccess',
]);
const STILL_FROM_BILL = 'Every figure still comes from the bill.';
const GRANT =
  'Grant ec2:DescribeReservedInstances and rds:DescribeReservedDBInstances (IAM policy 2026-11-27.3, Settings → Cloud Accounts) to see each reservation’s state, exact start and end, scope and platform.';

type Service = (typeof DESCRIBED)[keyof typeof DESCRIBED];
/** One account and region's answer, or why it could not be asked. */
type Answer = ListReservationsResult | { unreachable: string };

const idOf = (arn: string) => arn.slice(Math.max(arn.lastIndexOf('/'), arn.lastIndexOf(':')) + 1);
const iso = (at: Date | null) => (at === null ? null : at.toISOString());

function fromAccount(r: AccountReservation): NonNullable<Reservation['from_account']> {
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
  refused: number,
  failed: readonly string[],
): Pick<Enrichment, 'status' | 'message'> {
  if (refused === 0 && failed.length === 0) return { status: 'ok', message: null };
  const why = failed.length === 0 ? '' : ` ${[...new Set(failed)].join(' ')}`;
  if (answered > 0)
    return {
      status: 'partial',
      message: `Only some reservations are described by their account.${refused > 0 ? ` ${GRANT}` : ''}${why} ${STILL_FROM_BILL}`,
    };
  if (failed.length === 0)
    return {
      status: 'not_granted',
      message: `Enrichment is not granted: the owner account refuses to describe its reservations. ${GRANT} ${STILL_FROM_BILL}`,
    };
  return {
    status: 'unavailable',
    message: `The owner accounts could not describe their reservations.${why} ${STILL_FROM_BILL}`,
  };
}

/**
 * Describes the bill's EC2 and RDS reservations from their owner accounts (docs/commitments.md): asks each owner
 * account and region once through the cloud port, through the collection target of a project of the scope that
 * reaches it, keeps the answer ENRICHMENT_KEEP_MS per client, and matches reservations by ARN, else by id. Figures
 * never change.
 */
export function createReservationEnrichment({
  resolveCloud,
  now = () => new Date(),
}: {
  resolveCloud: ResolveReservationCloud;
  now?: () => Date;
}) {
  const kept = new Map<string, { until: number; answer: Promise<Answer> }>();

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

  function ask(
    key: string,
    reach: () => Promise<Awaited<ReturnType<typeof reachable>>>,
    accountId: string,
    region: string,
  ): Promise<Answer> {
    const at = now().getTime();
    const hit = kept.get(key);
    if (hit !== undefined && hit.until > at) return hit.answer;
    for (const [k, entry] of kept) if (entry.until <= at) kept.delete(k);
    const answer = reach().then(({ accounts, awaiting }): Promise<Answer> | Answer => {
      const found = accounts.get(accountId);
      if (found !== undefined) return found.port.listReservations(found.account, region);
      const reason = awaiting[0] === undefined ? '' : ` (awaiting configuration: ${awaiting[0]})`;
      return { unreachable: `No cloud account of these projects reaches account ${accountId}${reason}.` };
    });
    kept.set(key, { until: at + ENRICHMENT_KEEP_MS, answer });
    // Kept: the account's answer, failures included. Not kept: an account these projects do not reach (another
    // scope may), and a thrown error (a database read, not the account's answer).
    const drop = () => {
      if (kept.get(key)?.answer === answer) kept.delete(key);
    };
    answer.then((a) => ('unreachable' in a ? drop() : undefined), drop);
    return answer;
  }

  return async function enrich(
    scope: { clientId: string; projectIds: readonly string[] },
    reservations: readonly BillReservation[],
  ): Promise<{ reservations: Reservation[]; enrichment: Enrichment }> {
    const asks = new Map<string, { accountId: string; region: string; services: Set<Service> }>();
    for (const r of reservations) {
      const service = r.service === null ? undefined : DESCRIBED[r.service as keyof typeof DESCRIBED];
      if (service === undefined || r.region === null) continue;
      const place = `${r.owner_account}|${r.region}`;
      const entry = asks.get(place) ?? { accountId: r.owner_account, region: r.region, services: new Set() };
      entry.services.add(service);
      asks.set(place, entry);
    }
    let reached: Promise<Awaited<ReturnType<typeof reachable>>> | null = null;
    const reach = () => {
      reached ??= reachable(scope);
      return reached;
    };
    const answers = await Promise.all(
      [...asks.values()].map(async (a) => ({
        ...a,
        answer: await ask(
          JSON.stringify([scope.clientId, a.accountId, a.region]),
          reach,
          a.accountId,
          a.region,
        ),
      })),
    );
    const byArn = new Map<string, AccountReservation>();
    const byId = new Map<string, AccountReservation>();
    const refused: Refused[] = [];
    const failed: string[] = [];
    let answered = 0;
    let permission = 0;
    for (const { services, answer } of answers) {
      if ('unreachable' in answer) {
        failed.push(answer.unreachable);
        continue;
      }
      for (const r of answer.reservations) {
        byArn.set(r.arn, r);
        byId.set(`${r.service}|${r.id}`, r);
      }
      for (const service of services) {
        const failure = answer.failures.find(
          (f) => f.service === 'sts' || (f.service === service && f.operation === OPERATIONS[service]),
        );
        if (failure === undefined) answered++;
        else if (failure.service !== 'sts' && PERMISSION_CODES.has(failure.code)) permission++;
        else failed.push(`${failure.operation} failed for account ${failure.accountId}: ${failure.code}.`);
      }
      const relevant = answer.failures.filter(
        (f) =>
          f.service === 'sts' || [...services].some((s) => f.service === s && f.operation === OPERATIONS[s]),
      );
      refused.push(...relevant.map(refusedOf));
    }
    const out = reservations.map((r): Reservation => {
      const service = r.service === null ? undefined : DESCRIBED[r.service as keyof typeof DESCRIBED];
      const found =
        service === undefined ? undefined : (byArn.get(r.arn) ?? byId.get(`${service}|${idOf(r.arn)}`));
      return { ...r, from_account: found === undefined ? null : fromAccount(found) };
    });
    return {
      reservations: out,
      enrichment: {
        ...statusOf(answered, permission, failed),
        described: out.filter((r) => r.from_account !== null).length,
        refused,
      },
    };
  };
}

export type ReservationEnrichment = ReturnType<typeof createReservationEnrichment>;
