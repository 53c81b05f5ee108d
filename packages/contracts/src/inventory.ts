import { z } from 'zod';
import { projectIdsParam } from './fragments';

/**
 * Cloud inventory calls (issue 20): collect an account's resources now, load a simulated-cloud scenario for an
 * account, and list the client's resources (the list under Resources Cost, spec §2 /v3/resources-cost/).
 */
export const INVENTORY_PATHS = {
  resources: '/c/inventory/resources/',
  collectNow: (id: string) => `/c/cloud_accounts/${id}/collect_now/`,
  scenario: (id: string) => `/c/cloud_accounts/${id}/scenario/`,
} as const;

export const RESOURCE_KIND_NAMES = [
  'ec2-instance',
  'ebs-volume',
  'ebs-snapshot',
  'elastic-ip',
  'load-balancer',
  'rds-instance',
  'rds-cluster',
  's3-bucket',
  'autoscaling-group',
  'eks-cluster',
  'eks-nodegroup',
  'eks-fargate-profile',
  'lambda-function',
  'nat-gateway',
] as const;

export const RESOURCE_SORTS = [
  'name',
  'kind',
  'region',
  'state',
  'resource_id',
  'first_seen',
  'last_seen',
] as const;

export const resourcesQuerySchema = z.object({
  project_ids: projectIdsParam,
  region: z.string().optional(),
  kind: z.enum(RESOURCE_KIND_NAMES).optional(),
  state: z.string().optional().describe('The provider state, lower-case (running, stopped, available …).'),
  search: z.string().max(200).optional().describe('Part of the resource id, its name or a tag value.'),
  sort: z.enum(RESOURCE_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});
export type ResourcesQuery = z.infer<typeof resourcesQuerySchema>;

export const inventoryResourceSchema = z.object({
  project_id: z.string(),
  account_id: z.string(),
  region: z.string(),
  kind: z.enum(RESOURCE_KIND_NAMES),
  resource_id: z.string(),
  arn: z.string().nullable(),
  name: z.string().nullable(),
  state: z.string(),
  tags: z.record(z.string(), z.string()),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** The kind's own attributes (instance type, size, engine …) as the cloud port returns them. */
  attributes: z.record(z.string(), z.unknown()),
});
export type InventoryResource = z.infer<typeof inventoryResourceSchema>;

export const inventoryResourcesSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(inventoryResourceSchema),
});
export type InventoryResources = z.infer<typeof inventoryResourcesSchema>;

export const collectNowResponseSchema = z.object({ pass_id: z.string(), status: z.literal('queued') });

export const scenarioLoadedSchema = z.object({
  accounts: z.number().int(),
  regions: z.number().int(),
  resources: z.number().int(),
  kubernetes_clusters: z
    .number()
    .int()
    .describe(
      "Clusters of the scenario's kubernetes section, registered as the project's simulated Kubernetes clusters (the Container Scheduler's).",
    ),
});

export const collectionErrorSchema = z.object({
  account_id: z.string().describe('The usage account whose run failed.'),
  account_name: z.string().nullable().describe("The account's name where known (a scenario's), else null."),
  region: z.string().describe('"*" for an account-wide failure (the role refused, the region list denied).'),
  service: z.string(),
  operation: z.string(),
  /** The IAM action the operation needs in the customer's account (null where none, e.g. sts AssumeRole). */
  iam_action: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type CollectionErrorView = z.infer<typeof collectionErrorSchema>;

/** The newest collection pass of an account, shown in Settings → Cloud Accounts. */
export const collectionStatusSchema = z.object({
  pass_id: z.string(),
  status: z.enum(['running', 'succeeded', 'partial', 'failed']),
  last_collected_at: z.string().nullable(),
  regions: z.number().int(),
  /** Regions of the pass already finished (all of them once it is no longer running). */
  regions_done: z.number().int(),
  resources: z.number().int(),
  errors: z.array(collectionErrorSchema),
});
export type CollectionStatusView = z.infer<typeof collectionStatusSchema>;

/**
 * An account's inventory as Settings shows it. awaiting_configuration: it cannot be collected (no AWS account id,
 * no role or keys; `reason` says what is missing); not_collected: it can be, no pass ran yet; collecting: the
 * newest pass runs; ready: the newest pass finished (a partial one lists its errors); failing: the newest pass
 * collected nothing.
 */
export const COLLECTION_STATES = [
  'awaiting_configuration',
  'not_collected',
  'collecting',
  'ready',
  'failing',
] as const;
export type CollectionState = (typeof COLLECTION_STATES)[number];

export const accountInventorySchema = z.object({
  state: z.enum(COLLECTION_STATES),
  reason: z.string().nullable(),
  /** Current resources per kind (kinds with none are left out). */
  counts: z.partialRecord(z.enum(RESOURCE_KIND_NAMES), z.number().int()),
  last_pass: collectionStatusSchema.nullable(),
});
export type AccountInventory = z.infer<typeof accountInventorySchema>;
