import { z } from 'zod';
import { partnerUserRoleSchema } from './roles';

/** Admin calls of spec §7 (clients, status, projects) and the partner calls under /app_partner/. */
export const ADMIN_PATHS = {
  status: '/c/admin/status/',
  client: (id: string) => `/c/admin/clients/${id}/`,
  allClients: '/c/admin/all_clients/',
  partner: '/app_partner/partner/',
  partnerClients: '/app_partner/clients/',
  projectsAws: '/c/admin/projectaws/',
  projectAws: (id: string) => `/c/admin/projectaws/${id}/`,
  projectsAwsListing: '/c/admin/projectaws_listing/',
  organizationAccounts: '/c/admin/projectaws/organization_accounts/',
  azureProjects: '/c/admin/azure-projects/',
} as const;

/** Spec §3 Client. */
export const clientSchema = z.object({
  id: z.string(),
  /** Id of the partner (solution provider) the client belongs to, or null. */
  partner: z.string().nullable(),
  sharesave_allowed: z.boolean(),
  /** ISO 4217 code Azure costs are billed in, or null when the client has no Azure billing. */
  azure_billing_currency: z.string().nullable(),
  is_rbac_enabled: z.boolean(),
  name: z.string(),
  /** Always false in a self-hosted install (no marketplace); kept because the spec's Client has it. */
  has_marketplace_subscription: z.boolean(),
  /** The Explorer is enabled for this client. */
  explore: z.boolean(),
});
export type Client = z.infer<typeof clientSchema>;

/** PATCH /c/admin/clients/{id}/ (admin of that client). partner and sharesave_allowed belong to the partner. */
export const clientUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'This field is required.').max(200).optional(),
    is_rbac_enabled: z.boolean().optional(),
    azure_billing_currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Must be a three-letter ISO 4217 currency code.')
      .nullable()
      .optional(),
    explore: z.boolean().optional(),
  })
  .strict();
export type ClientUpdate = z.infer<typeof clientUpdateSchema>;

/** GET /c/admin/all_clients/ — clients the caller can switch to (memberships and the partner's clients). */
export const clientChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The role the caller has there (a partner admin acts as admin, a partner member as member). */
  role: z.enum(['admin', 'member']),
  /** Reached through the partner rather than a direct membership. */
  via_partner: z.boolean(),
  is_active: z.boolean(),
});
export type ClientChoice = z.infer<typeof clientChoiceSchema>;
export const allClientsResponseSchema = z.array(clientChoiceSchema);

/** GET /c/admin/status/ query; a partner user may ask about one of the partner's clients. */
export const statusQuerySchema = z.object({ partner_scope_id: z.string().min(1).optional() });
export type StatusQuery = z.infer<typeof statusQuerySchema>;

/**
 * GET /c/admin/status/ (designed): where the client stands on its way to data, for the start-up chain
 * and the "connect an account" states.
 */
export const clientStatusSchema = z.object({
  client_id: z.string(),
  has_project: z.boolean(),
  aws_projects: z.number().int().nonnegative(),
  azure_projects: z.number().int().nonnegative(),
  /** Newest billing ingestion over the client's projects (ISO 8601), or null when none has run. */
  last_ingestion_datetime: z.string().nullable(),
  /** no_projects → awaiting_data (projects, no ingestion yet) → ready. */
  stage: z.enum(['no_projects', 'awaiting_data', 'ready']),
});
export type ClientStatus = z.infer<typeof clientStatusSchema>;

export const CLOUD_TYPES = ['aws', 'azure'] as const;
export const cloudTypeSchema = z.enum(CLOUD_TYPES);
export type CloudType = z.infer<typeof cloudTypeSchema>;
/** Spec §3 cloud platform options. */
export const CLOUD_PLATFORM_LABELS: Record<CloudType, string> = { aws: 'AWS', azure: 'Azure' };

/**
 * Project status, one model wherever a status shows (admin calls, Organization Overview, Settings): awaiting
 * configuration (no billing data yet), importing (its newest import is running), configured — ready: billing
 * data arrived — and error — failing: its newest import failed or its billing source reports an error. The
 * account filters of spec §2 split on configured vs the rest.
 */
export const PROJECT_STATUSES = ['awaiting_configuration', 'importing', 'configured', 'error'] as const;
export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;
/** How a status reads on screen. */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  awaiting_configuration: 'Awaiting configuration',
  importing: 'Importing',
  configured: 'Ready',
  error: 'Failing',
};

/** Spec §3 Project: a cloud account of a client. */
export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: projectStatusSchema,
  cloud_type: cloudTypeSchema,
  billing: z.object({ last_ingestion_datetime: z.string().nullable() }),
  created_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;
/** GET /c/admin/projectaws/ and /c/admin/azure-projects/: the client's projects of that cloud, by name. */
export const projectListSchema = z.array(projectSchema);

/** Spec §3 Account filter entry; GET /c/admin/projectaws_listing/ lists every project of the client this way. */
export const accountFilterEntrySchema = z.object({
  id: z.string(),
  value: z.string(),
  status: projectStatusSchema,
  cloudPlatform: cloudTypeSchema,
  last_ingestion_datetime: z.string().nullable(),
});
export type AccountFilterEntry = z.infer<typeof accountFilterEntrySchema>;
export const projectListingSchema = z.array(accountFilterEntrySchema);

/**
 * GET /c/admin/projectaws/organization_accounts/ (designed): member accounts of the AWS organisations
 * behind the client's payer projects, as found in their billing data. `account_name` is the bill's
 * (CUR 2.0 line_item_usage_account_name, FOCUS SubAccountName), else the cloud inventory's, else null.
 */
export const organizationAccountSchema = z.object({
  account_id: z.string(),
  account_name: z.string().nullable(),
  payer_project_id: z.string(),
});
export const organizationAccountsSchema = z.array(organizationAccountSchema);
export type OrganizationAccount = z.infer<typeof organizationAccountSchema>;

/** GET /app_partner/partner/ — the caller's partner (solution provider); 404 for a non-partner user. */
export const partnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  partner_user_role: partnerUserRoleSchema,
  clients: z.number().int().nonnegative(),
  created_at: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;

/** POST /app_partner/partner/ — a verified user who is not yet a partner user founds one and becomes its admin. */
export const partnerCreateSchema = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(200),
});
export type PartnerCreate = z.infer<typeof partnerCreateSchema>;

/** GET /app_partner/clients/ — the partner's clients. */
export const partnerClientsSchema = z.array(clientSchema);

/** POST /app_partner/clients/ (partner admin) — a new client managed by the partner. */
export const partnerClientCreateSchema = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(200),
  sharesave_allowed: z.boolean().default(false),
});
export type PartnerClientCreate = z.input<typeof partnerClientCreateSchema>;
