import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { registerAnomalies } from '../../features/anomalies/register-anomalies';
import { registerChargebacks } from '../../features/chargebacks/register-chargebacks';
import { registerCloudAccounts } from '../../features/cloud-accounts/register-cloud-accounts';
import { createCostExplorerRepo } from '../../features/cost-explorer/cost-explorer.repo';
import { costExplorerRoutes } from '../../features/cost-explorer/cost-explorer.routes';
import { createCostExplorerService } from '../../features/cost-explorer/cost-explorer.service';
import { createCostSummaryRepo } from '../../features/cost-summary/cost-summary.repo';
import { costSummaryRoutes } from '../../features/cost-summary/cost-summary.routes';
import { createCostSummaryService } from '../../features/cost-summary/cost-summary.service';
import { registerCostTargets } from '../../features/cost-targets/register-cost-targets';
import { healthRoutes } from '../../features/health/health.routes';
import { createHealthService } from '../../features/health/health.service';
import { insightsRoutes } from '../../features/insights/insights.routes';
import { createInsightsService } from '../../features/insights/insights.service';
import { createLocalControl } from '../../features/local-control/local-control';
import { localControlRoutes } from '../../features/local-control/local-control.routes';
import { registerNotifications } from '../../features/notifications/register-notifications';
import { publicConfigRoutes } from '../../features/public-config/public-config.routes';
import { registerReports } from '../../features/reports/register-reports';
import { createSearchRepo } from '../../features/search/search.repo';
import { searchRoutes } from '../../features/search/search.routes';
import { createSearchService } from '../../features/search/search.service';
import { registerShowbacks } from '../../features/showbacks/register-showbacks';
import { registerTagExplorer } from '../../features/tag-explorer/register-tag-explorer';
import type { WarehouseStore } from '../../warehouse/open-cost-store';
import { registerRouteAccess } from '../auth/route-access';
import type { AppConfig } from '../config';
import { defaultWebDistDir } from '../paths';
import { appVersion } from '../version';
import { isApiPath } from './api-paths';
import { registerErrorHandler } from './error-handler';
import { registerIdentity } from './identity-routes';
import { registerSpa } from './spa';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppDeps {
  config: AppConfig & { secretKey: string };
  db: AppDatabase;
  warehouse: WarehouseStore;
  logger: FastifyBaseLogger;
  /** Folder of the built SPA; defaults to apps/web/dist of this repository. */
  webDistDir?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access rule (platform/auth/route-access.ts). */
    routeAccess: readonly import('../auth/route-access').RouteAccessEntry[];
  }
}

/** Assembles the HTTP app; it does not own the storage handles it is given (the caller closes them). */
export async function buildApp(deps: BuildAppDeps): Promise<App> {
  const app = Fastify({ loggerInstance: deps.logger }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('routeAccess', registerRouteAccess(app));
  await registerPlugins(app, deps);
  await registerIdentity(app, { config: deps.config, db: deps.db.db, logger: deps.logger });
  await registerCloudAccounts(app, {
    db: deps.db.db,
    warehouse: deps.warehouse,
    secretKey: deps.config.secretKey,
    dataDir: deps.config.dataDir,
    uploadMaxBytes: deps.config.uploadMaxBytes,
  });

  await app.register(costSummaryRoutes, {
    costSummaryService: createCostSummaryService({
      repo: createCostSummaryRepo({ db: deps.db.db }),
      warehouse: deps.warehouse,
    }),
  });
  await app.register(costExplorerRoutes, {
    costExplorerService: createCostExplorerService({
      repo: createCostExplorerRepo({ db: deps.db.db }),
      warehouse: deps.warehouse,
    }),
    internalEmailDomains: deps.config.internalEmailDomains,
  });
  await app.register(insightsRoutes, {
    insightsService: createInsightsService({
      repo: createCostExplorerRepo({ db: deps.db.db }),
      warehouse: deps.warehouse,
    }),
  });
  await app.register(searchRoutes, {
    searchService: createSearchService({
      repo: createSearchRepo({ db: deps.db.db }),
      warehouse: deps.warehouse,
    }),
  });
  await registerReports(app, { db: deps.db.db, warehouse: deps.warehouse });
  await registerNotifications(app, { db: deps.db.db, config: deps.config, logger: deps.logger });
  await registerAnomalies(app, { db: deps.db.db });
  await registerTagExplorer(app, { db: deps.db.db, warehouse: deps.warehouse });
  await registerCostTargets(app, { db: deps.db.db, warehouse: deps.warehouse });
  await registerShowbacks(app, { db: deps.db.db, warehouse: deps.warehouse });
  await registerChargebacks(app, { db: deps.db.db, warehouse: deps.warehouse });
  await app.register(healthRoutes, {
    healthService: createHealthService({ db: deps.db, warehouse: deps.warehouse, version: appVersion }),
  });
  await app.register(publicConfigRoutes, {
    publicConfig: {
      supportEmail: deps.config.supportEmail,
      docsUrl: deps.config.docsUrl,
      version: appVersion,
    },
  });
  app.get('/api/docs', { config: { access: 'anonymous' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const localControl = createLocalControl({ dataDir: deps.config.dataDir });
  app.decorate('localControl', localControl);
  await app.register(localControlRoutes, {
    localControl,
    stores: { db: deps.db.db, warehouse: deps.warehouse },
    config: deps.config,
  });

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
  });
  await app.register(fastifyCookie, { secret: deps.config.secretKey });
  // POST /c/select/ is form-encoded (spec §7).
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, {
    max: deps.config.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !isApiPath(request.url),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Finlens API', version: appVersion },
      servers: [{ url: deps.config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
}
