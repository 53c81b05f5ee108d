import {
  COMMITMENTS_PATHS,
  commitmentAlertSettingsSchema,
  commitmentAlertsQuerySchema,
  commitmentAlertsSchema,
  commitmentDashboardQuerySchema,
  commitmentDashboardSchema,
  commitmentInventoryQuerySchema,
  commitmentInventorySchema,
  convertibleAnalysisSchema,
  convertibleQuerySchema,
  purchaseAnalysisQuerySchema,
  purchaseAnalysisSchema,
  rateOverridesBodySchema,
  rateTableSchema,
  reservationAnalysisQuerySchema,
  reservationAnalysisSchema,
  shareSaveBodySchema,
  shareSavePartnerQuerySchema,
  shareSavePartnerSchema,
  shareSaveQuerySchema,
  shareSaveSchema,
} from '@finlens/contracts/commitments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, clientCallerOf } from '../../platform/auth/caller';
import { notFound } from '../../platform/http/http-error';
import { alertsAnswer } from './commitment-alerts';
import type { CommitmentsRepo } from './commitments.repo';
import type { CommitmentsService } from './commitments.service';
import { rateTableAnswer } from './purchase-rates';
import { reservationAnalysisCsv } from './reservation-analysis-csv';
import {
  assertShareSaveAllowed,
  partnerShareSave,
  partnerShareSaveCsv,
  shareSaveCsv,
  shareSaveReport,
} from './sharesave-report';

const tags = ['commitments'];

/**
 * Thin routes: parse, authorise (config.access), call the service, reply. Reads of the caller's client; the
 * alert settings and the client's rate table figures are changed by admins only.
 */
export const commitmentsRoutes: FastifyPluginAsyncZod<{
  commitmentsService: CommitmentsService;
  commitmentsRepo: Pick<
    CommitmentsRepo,
    | 'alertSettings'
    | 'saveAlertSettings'
    | 'rateOverrides'
    | 'saveRateOverrides'
    | 'shareSave'
    | 'saveShareSave'
    | 'partnerShareSaves'
  >;
  /** SHARESAVE_PARTNERS: the partners whose clients see ShareSave without their own sharesave_allowed. */
  shareSavePartners?: ReadonlySet<string>;
  now?: () => Date;
}> = async (
  app,
  {
    commitmentsService: service,
    commitmentsRepo: repo,
    shareSavePartners = new Set<string>(),
    now = () => new Date(),
  },
) => {
  const read = { config: { access: 'verified' as const } };
  app.get(
    COMMITMENTS_PATHS.inventory,
    {
      ...read,
      schema: {
        tags,
        querystring: commitmentInventoryQuerySchema,
        response: { 200: commitmentInventorySchema },
      },
    },
    async (request) => service.inventory(clientCallerOf(request), request.query),
  );
  app.get(
    COMMITMENTS_PATHS.dashboard,
    {
      ...read,
      schema: {
        tags,
        querystring: commitmentDashboardQuerySchema,
        response: { 200: commitmentDashboardSchema },
      },
    },
    async (request) => service.dashboard(clientCallerOf(request), request.query),
  );
  app.get(
    COMMITMENTS_PATHS.purchaseAnalysis,
    {
      ...read,
      schema: { tags, querystring: purchaseAnalysisQuerySchema, response: { 200: purchaseAnalysisSchema } },
    },
    async (request) => service.purchaseAnalysis(clientCallerOf(request), request.query),
  );
  app.get(
    COMMITMENTS_PATHS.reservationAnalysis,
    {
      ...read,
      schema: {
        tags,
        querystring: reservationAnalysisQuerySchema,
        response: { 200: z.union([reservationAnalysisSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const analysis = await service.reservationAnalysis(clientCallerOf(request), request.query);
      if (request.query.format === 'json') return analysis;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="reserved-instances-to-buy.csv"')
        .send(await reservationAnalysisCsv(analysis));
    },
  );
  app.get(
    COMMITMENTS_PATHS.convertible,
    {
      ...read,
      schema: { tags, querystring: convertibleQuerySchema, response: { 200: convertibleAnalysisSchema } },
    },
    async (request) => service.convertible(clientCallerOf(request), request.query),
  );
  app.get(
    COMMITMENTS_PATHS.alerts,
    {
      ...read,
      schema: { tags, querystring: commitmentAlertsQuerySchema, response: { 200: commitmentAlertsSchema } },
    },
    async (request) => {
      const caller = clientCallerOf(request);
      const [settings, input] = await Promise.all([
        repo.alertSettings(caller.clientId),
        service.alertInput(caller, request.query),
      ]);
      return alertsAnswer(input, settings, now());
    },
  );
  app.get(
    COMMITMENTS_PATHS.alertSettings,
    { ...read, schema: { tags, response: { 200: commitmentAlertSettingsSchema } } },
    async (request) => repo.alertSettings(clientCallerOf(request).clientId),
  );
  app.put(
    COMMITMENTS_PATHS.alertSettings,
    {
      config: { access: 'admin' },
      schema: { tags, body: commitmentAlertSettingsSchema, response: { 200: commitmentAlertSettingsSchema } },
    },
    async (request) => {
      const caller = clientCallerOf(request);
      const settings = {
        ...request.body,
        expiry_days: [...new Set(request.body.expiry_days)].sort((a, b) => b - a),
      };
      await repo.saveAlertSettings(caller.clientId, settings, caller.user.id, now());
      return settings;
    },
  );
  app.get(
    COMMITMENTS_PATHS.shareSave,
    {
      ...read,
      schema: {
        tags,
        querystring: shareSaveQuerySchema,
        response: { 200: z.union([shareSaveSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const caller = clientCallerOf(request);
      const setting = await repo.shareSave(caller.clientId);
      assertShareSaveAllowed(setting, shareSavePartners);
      const report = shareSaveReport(await service.realisedSavingsByMonth(caller, request.query), setting);
      if (request.query.format === 'json') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sharesave.csv"')
        .send(await shareSaveCsv(report));
    },
  );
  app.put(
    COMMITMENTS_PATHS.shareSave,
    {
      config: { access: 'admin' },
      schema: { tags, body: shareSaveBodySchema, response: { 200: shareSaveSchema } },
    },
    async (request) => {
      const caller = clientCallerOf(request);
      assertShareSaveAllowed(await repo.shareSave(caller.clientId), shareSavePartners);
      await repo.saveShareSave(caller.clientId, request.body.share, caller.user.id, now());
      const months = await service.realisedSavingsByMonth(caller, { project_ids: undefined, months: 12 });
      return shareSaveReport(months, await repo.shareSave(caller.clientId));
    },
  );
  app.get(
    COMMITMENTS_PATHS.shareSavePartner,
    {
      config: { access: 'partner' },
      schema: {
        tags,
        querystring: shareSavePartnerQuerySchema,
        response: { 200: z.union([shareSavePartnerSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { partnerId } = callerOf(request);
      if (partnerId === null) throw notFound();
      const view = await partnerShareSave({
        partner: partnerId,
        clients: await repo.partnerShareSaves(partnerId),
        partners: shareSavePartners,
        realisedSavings: (clientId) => service.realisedSavingsFor({ clientId }, request.query.months),
      });
      if (request.query.format === 'json') return view;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sharesave-partner.csv"')
        .send(await partnerShareSaveCsv(view));
    },
  );
  app.get(
    COMMITMENTS_PATHS.rateOverrides,
    { ...read, schema: { tags, response: { 200: rateTableSchema } } },
    async (request) => {
      const { overrides, updatedAt } = await repo.rateOverrides(clientCallerOf(request).clientId);
      return rateTableAnswer(overrides, updatedAt);
    },
  );
  app.put(
    COMMITMENTS_PATHS.rateOverrides,
    {
      config: { access: 'admin' },
      schema: { tags, body: rateOverridesBodySchema, response: { 200: rateTableSchema } },
    },
    async (request) => {
      const caller = clientCallerOf(request);
      await repo.saveRateOverrides(caller.clientId, request.body.overrides, caller.user.id, now());
      const { overrides, updatedAt } = await repo.rateOverrides(caller.clientId);
      return rateTableAnswer(overrides, updatedAt);
    },
  );
};
