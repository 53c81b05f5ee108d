import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDatabase } from '../db/client';
import type { CommitmentsService } from '../features/commitments/commitments.service';
import { createApiKeyAuthenticator } from '../platform/auth/api-key-auth';
import { registerAccessHook, registerAuthHook } from '../platform/auth/auth-hook';
import { registerRouteAccess } from '../platform/auth/route-access';
import type { AppConfig } from '../platform/config';
import { isApiPath } from '../platform/http/api-paths';
import type { App } from '../platform/http/app';
import { registerCompression } from '../platform/http/compression';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from '../platform/http/error-handler';
import { registerInputCharacterCheck } from '../platform/http/input-characters';
import { registerQuerySlots } from '../platform/http/query-slots';
import { registerSecurityHeaders, strictTransportSecurityFor } from '../platform/http/security-headers';
import { registerSpa } from '../platform/http/spa';
import { defaultWebDistDir } from '../platform/paths';
import { appVersion } from '../platform/version';
import type { WarehouseStore } from '../warehouse/open-cost-store';
import { createIdentityKit } from './identity-kit';
import { registerAdmin } from './register-admin';
import { registerAnomalies } from './register-anomalies';
import { registerApiKeys } from './register-api-keys';
import { registerAuth } from './register-auth';
import { registerChargebacks } from './register-chargebacks';
import { registerCloudAccounts } from './register-cloud-accounts';
import { registerCommitments } from './register-commitments';
import { registerComputeCopilot } from './register-compute-copilot';
import { registerContainers } from './register-containers';
import { registerCostExplorer } from './register-cost-explorer';
import { registerCostSummary } from './register-cost-summary';
import { registerCostTargets } from './register-cost-targets';
import { registerHealth } from './register-health';
import { registerInsights } from './register-insights';
import { registerInventory } from './register-inventory';
import { kubernetesClustersFor, registerKubernetesClusters } from './register-kubernetes-clusters';
import { registerNotifications } from './register-notifications';
import { registerPayment } from './register-payment';
import { registerPolicy } from './register-policy';
import { registerPublicConfig } from './register-public-config';
import { registerRecommendations } from './register-recommendations';
import { registerReports } from './register-reports';
import { registerResourcesCost } from './register-resources-cost';
import {
  guardedAwsCloud,
  ledgerReaderFor,
  registerSavingsLedger,
  serverIdentityCloud,
} from './register-savings-ledger';
import { registerScheduler } from './register-scheduler';
import { registerSearch } from './register-search';
import { registerShowbacks } from './register-showbacks';
import { registerSso } from './register-sso';
import { registerTagExplorer } from './register-tag-explorer';
import { registerTeam } from './register-team';
import { registerTestClock } from './register-test-clock';

export interface BuildAppDeps {
  config: AppConfig & { secretKey: string };
  db: AppDatabase;
  warehouse: WarehouseStore;
  /** The process's commitments service, shared with its background jobs (`createAppCommitmentsService`). */
  commitments: CommitmentsService;
  logger: FastifyBaseLogger;
  /** Folder of the built SPA; defaults to apps/web/dist of this repository. */
  webDistDir?: string;
}

/** Assembles the HTTP app; it does not own the storage handles it is given (the caller closes them). */
export async function buildApp(deps: BuildAppDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.logger,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('routeAccess', registerRouteAccess(app));
  registerQuerySlots(app, { perClient: deps.config.queryConcurrencyPerClient });
  await registerPlugins(app, deps);
  const { config, logger } = deps;
  const db = deps.db.db;
  const warehouse = deps.warehouse;
  const identity = createIdentityKit({ config, db, logger });
  registerAuthHook(app, {
    db,
    internalEmailDomains: config.internalEmailDomains,
    sessions: identity.sessions,
    apiKeys: createApiKeyAuthenticator({ db }),
    cookies: identity.cookies,
  });
  // Between identification and the access rule: 401s and 403s count, and only a real session gets its budget.
  // (The plugin's own per-route hooks would run after the access rule, so it is added here as an app hook.)
  await app.register(fastifyRateLimit, {
    global: false,
    max: (request) =>
      request.caller?.sessionId == null ? config.rateLimitPerMinute : config.sessionRateLimitPerMinute,
    keyGenerator: (request) =>
      request.caller?.sessionId == null ? `address:${request.ip}` : `session:${request.caller.sessionId}`,
    timeWindow: '1 minute',
    allowList: (request) => !isApiPath(request.url),
  });
  app.addHook('onRequest', app.rateLimit());
  registerAccessHook(app, identity.cookies);
  const { ssoLoginUrl } = await registerSso(app, identity);
  await registerAuth(app, { ...identity, ssoLoginUrl });
  await registerTeam(app, identity);
  await registerApiKeys(app, identity);
  await registerPolicy(app, { db });
  await registerPayment(app, { db });
  const serverIdentity = serverIdentityCloud(config);
  const inventory = await registerInventory(app, {
    db,
    secretKey: config.secretKey,
    warehouse,
    serverIdentity,
  });
  await registerAdmin(app, {
    ...identity,
    warehouse,
    inventoryAccountNames: (clientId) => inventory.accountNames(clientId),
  });
  await registerCloudAccounts(app, {
    db,
    accountInventories: (clientId) => inventory.accountInventories(clientId),
    warehouse,
    secretKey: config.secretKey,
    dataDir: config.dataDir,
    uploadMaxBytes: config.uploadMaxBytes,
    outboundAllow: config.outboundAllow,
    serverIdentityAccounts: new Set(config.serverIdentityAccounts),
  });
  await registerCostSummary(app, { db, warehouse });
  const liveCloud = {
    secretKey: config.secretKey,
    aws: guardedAwsCloud(config.outboundAllow),
    serverIdentity,
  };
  await registerCommitments(app, {
    db,
    service: deps.commitments,
    shareSavePartners: new Set(config.shareSavePartners),
  });
  await registerComputeCopilot(app, { db, warehouse, cloud: liveCloud });
  await registerContainers(app, { db, warehouse });
  await registerCostExplorer(app, { db, warehouse });
  await registerInsights(app, { db, warehouse });
  await registerResourcesCost(app, {
    db,
    warehouse,
    inventoryAccountNames: (clientId) => inventory.accountNames(clientId),
  });
  const clusters = kubernetesClustersFor({
    db,
    secretKey: config.secretKey,
    outboundAllow: config.outboundAllow,
  });
  await registerKubernetesClusters(app, clusters);
  await registerScheduler(app, { db, warehouse, clusters });
  await registerTestClock(app, { config });
  const recommendations = await registerRecommendations(app, { db, warehouse, ledger: ledgerReaderFor(db) });
  await registerSearch(app, { db, warehouse });
  await registerReports(app, { db, warehouse });
  await registerNotifications(app, { db, config, logger });
  await registerAnomalies(app, { db });
  await registerSavingsLedger(app, {
    db,
    warehouse,
    secretKey: config.secretKey,
    aws: guardedAwsCloud(config.outboundAllow),
    serverIdentity,
    findRecommendation: (caller, id) => recommendations.find(caller, id),
  });
  await registerTagExplorer(app, { db, warehouse });
  await registerCostTargets(app, { db, warehouse });
  await registerShowbacks(app, { db, warehouse });
  await registerChargebacks(app, { db, warehouse });
  await registerHealth(app, { db: deps.db, warehouse });
  await registerPublicConfig(app, { config });
  app.get('/api/docs', { config: { access: 'anonymous' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await registerSpa(app, { distDir: deps.webDistDir ?? defaultWebDistDir });
  return app;
}

async function registerPlugins(app: App, deps: BuildAppDeps): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inject <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Self-hosted installs often run on plain http inside a network; do not force https.
        upgradeInsecureRequests: null,
      },
    },
    // The same as frame-ancestors 'none', for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
    strictTransportSecurity: strictTransportSecurityFor(deps.config.publicUrl),
  });
  registerSecurityHeaders(app);
  await registerCompression(app);
  registerInputCharacterCheck(app);
  await app.register(fastifyCookie, { secret: deps.config.secretKey });
  // POST /c/select/ is form-encoded (spec §7).
  await app.register(fastifyFormbody);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Finlens API', version: appVersion },
      servers: [{ url: deps.config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
}
