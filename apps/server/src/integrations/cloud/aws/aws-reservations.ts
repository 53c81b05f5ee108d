import {
  DescribeReservedInstancesCommand,
  type EC2Client,
  type ReservedInstances,
} from '@aws-sdk/client-ec2';
import {
  DescribeReservedDBInstancesCommand,
  type RDSClient,
  type ReservedDBInstance,
} from '@aws-sdk/client-rds';
import type { AccountReservation } from '../cloud-port';
import type { FailureLog } from './aws-failures';
import type { Scope } from './list-ec2';

/** How long a reservation listing may take in all (sign-in and every page of both services): a page waits on it. */
export const RESERVATION_TIMEOUT_MS = 5_000;
/** RDS answers 20–100 reservations a page. */
const RDS_PAGE = 100;

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

const ec2Reservation = (scope: Scope, r: ReservedInstances): AccountReservation => {
  const id = r.ReservedInstancesId ?? '';
  return {
    service: 'ec2',
    id,
    arn: `arn:aws:ec2:${scope.region}:${scope.accountId}:reserved-instances/${id}`,
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
    multiAz: null,
  };
};

const rdsReservation = (scope: Scope, r: ReservedDBInstance): AccountReservation => {
  const id = r.ReservedDBInstanceId ?? '';
  const start = r.StartTime ?? null;
  const duration = r.Duration ?? null;
  return {
    service: 'rds',
    id,
    arn: r.ReservedDBInstanceArn ?? `arn:aws:rds:${scope.region}:${scope.accountId}:ri:${id}`,
    state: r.State ?? 'active',
    start,
    // RDS answers the start and the term in seconds, not the end.
    end: start === null || duration === null ? null : new Date(start.getTime() + duration * 1000),
    durationSeconds: duration,
    count: r.DBInstanceCount ?? 0,
    instanceType: r.DBInstanceClass ?? 'unknown',
    offeringClass: null,
    offeringType: r.OfferingType ?? null,
    scope: null,
    availabilityZone: null,
    productDescription: r.ProductDescription ?? null,
    multiAz: r.MultiAZ ?? false,
  };
};

/** EC2 DescribeReservedInstances: one call answers every reservation of the region (the operation has no pages). */
export function listEc2Reservations(
  ec2: EC2Client,
  scope: Scope,
  deadline: number,
  log: FailureLog,
): Promise<AccountReservation[]> {
  return log.attempt('ec2', 'DescribeReservedInstances', [], [], () =>
    beforeDeadline(deadline, 'DescribeReservedInstances', async (abortSignal) => {
      const answer = await ec2.send(new DescribeReservedInstancesCommand({}), { abortSignal });
      return (answer.ReservedInstances ?? []).map((r) => ec2Reservation(scope, r));
    }),
  );
}

/** RDS DescribeReservedDBInstances, page by page (Marker) until it answers none; all pages share the deadline. */
export function listRdsReservations(
  rds: RDSClient,
  scope: Scope,
  deadline: number,
  log: FailureLog,
): Promise<AccountReservation[]> {
  return log.attempt('rds', 'DescribeReservedDBInstances', [], [], () =>
    beforeDeadline(deadline, 'DescribeReservedDBInstances', async (abortSignal) => {
      const out: AccountReservation[] = [];
      let marker: string | undefined;
      do {
        const page = await rds.send(
          new DescribeReservedDBInstancesCommand({
            MaxRecords: RDS_PAGE,
            ...(marker === undefined ? {} : { Marker: marker }),
          }),
          { abortSignal },
        );
        out.push(...(page.ReservedDBInstances ?? []).map((r) => rdsReservation(scope, r)));
        marker = page.Marker || undefined;
      } while (marker !== undefined && !abortSignal.aborted);
      return out;
    }),
  );
}
