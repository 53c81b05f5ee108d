import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createCollectionTargets, type ServerIdentityCloud } from '../features/inventory/collection-targets';
import { createCollectionTargetsRepo } from '../features/inventory/collection-targets.repo';
import { savingsLedgerFor } from '../features/savings-ledger/savings-ledger.jobs';
import { createSavingsLedgerRepo } from '../features/savings-ledger/savings-ledger.repo';
import { savingsLedgerRoutes } from '../features/savings-ledger/savings-ledger.routes';
import {
  type FindRecommendation,
  ledgerFieldsReader,
} from '../features/savings-ledger/savings-ledger.service';
import { createLazyAwsCloud } from '../integrations/cloud/aws/lazy-aws-cloud';
import type { CloudPort } from '../integrations/cloud/cloud-port';
import { type SimClock, systemClock } from '../integrations/cloud/simulated/sim-clock';
import { createSecretBox } from '../platform/crypto/secret-box';
import type { App } from '../platform/http/app';
import { createGuardedHttp, sdkRequestHandler } from '../platform/outbound/guarded-http';
import type { CostStore } from '../warehouse/cost-store';

/**
 * The AWS adapter through the outbound guard, like every other outbound call: an endpoint the operator sets
 * (AWS_ENDPOINT_URL and the like) cannot reach internal addresses unless OUTBOUND_ALLOW lets it.
 */
export function guardedAwsCloud(outboundAllow: Parameters<typeof createGuardedHttp>[0]): CloudPort {
  return createLazyAwsCloud({
    clientSettings: { requestHandler: sdkRequestHandler(createGuardedHttp(outboundAllow)) },
  });
}

/**
 * SERVER_IDENTITY_ACCOUNTS: the accounts the operator marked, with an AWS adapter that may sign in with the
 * server's own identity (the SDK's default chain) — used for those accounts only; none when unset.
 */
export function serverIdentityCloud(config: {
  outboundAllow: Parameters<typeof createGuardedHttp>[0];
  serverIdentityAccounts: readonly string[];
}): ServerIdentityCloud | undefined {
  if (config.serverIdentityAccounts.length === 0) return undefined;
  return {
    accounts: new Set(config.serverIdentityAccounts),
    port: createLazyAwsCloud({
      allowServerIdentity: true,
      clientSettings: { requestHandler: sdkRequestHandler(createGuardedHttp(config.outboundAllow)) },
    }),
  };
}

/** The ledger over the same cloud targets as inventory collection (the simulated cloud keeps its actions). */
export function ledgerFor({
  db,
  warehouse,
  secretKey,
  aws,
  findRecommendation,
  simClock = systemClock,
  serverIdentity,
}: {
  db: Kysely<AppTables>;
  warehouse: CostStore;
  secretKey: string;
  aws: CloudPort;
  findRecommendation: FindRecommendation;
  simClock?: SimClock;
  serverIdentity?: ServerIdentityCloud | undefined;
}) {
  const targets = createCollectionTargets({
    repo: createCollectionTargetsRepo({ db }),
    secretBox: createSecretBox(secretKey),
    aws,
    simClock,
    serverIdentity,
  });
  return savingsLedgerFor({ db, warehouse, resolve: targets.resolve, findRecommendation });
}

/** The ledger's statuses of recommendations, for the recommendations feature's lists. */
export function ledgerReaderFor(db: Kysely<AppTables>) {
  return ledgerFieldsReader({ repo: createSavingsLedgerRepo({ db }) });
}

/** The savings ledger: entries, transitions (apply through the cloud port), totals, CSV, remediation policies. */
export async function registerSavingsLedger(app: App, deps: Parameters<typeof ledgerFor>[0]): Promise<void> {
  await app.register(savingsLedgerRoutes, { ledger: ledgerFor(deps).service });
}
