import { z } from 'zod';

/**
 * GET/POST /c/policy_version/ (spec §7: project_id or 'all', accepted). The IAM policy Finlens asks a
 * cloud account to grant is versioned; each project records which version its admin accepted (the
 * "IAM Policy Update" settings tab). Response shapes are designed here.
 */
export const POLICY_PATHS = { policyVersion: '/c/policy_version/' } as const;

/** `project_id`: one project's id, or 'all' for every project of the client (the default). */
export const policyVersionQuerySchema = z.object({ project_id: z.string().min(1).default('all') });
export type PolicyVersionQuery = z.input<typeof policyVersionQuerySchema>;

export const policyVersionSchema = z.object({
  version: z.string(),
  released_at: z.string(),
  summary: z.string(),
});
export type PolicyVersion = z.infer<typeof policyVersionSchema>;

/** One IAM action of the policy the templates grant. */
export const policyActionSchema = z.object({
  action: z.string(),
  policy: z
    .string()
    .describe(
      'The role policy of the templates that grants it: finlens-cur-read, finlens-inventory-read or finlens-actions.',
    ),
  optional: z
    .boolean()
    .describe(
      'Granted only where the customer allows actions (AllowActions / allow_actions in the templates).',
    ),
});
export type PolicyAction = z.infer<typeof policyActionSchema>;

export const policyChangesSchema = z
  .object({ added: z.array(policyActionSchema), removed: z.array(policyActionSchema) })
  .describe(
    'What the latest version grants beyond (added) or no longer grants of (removed) the accepted one, per role policy; with none accepted, everything is added. Computed from the cloud adapter’s table of calls.',
  );
export type PolicyChanges = z.infer<typeof policyChangesSchema>;

export const projectPolicyStateSchema = z.object({
  project_id: z.string(),
  project_name: z.string(),
  accepted_version: z.string().nullable(),
  accepted_at: z.string().nullable(),
  /** The project has accepted the latest version. */
  up_to_date: z.boolean(),
  changes: policyChangesSchema,
});
export type ProjectPolicyState = z.infer<typeof projectPolicyStateSchema>;

export const policyDataSchema = z.object({
  latest: policyVersionSchema,
  projects: z.array(projectPolicyStateSchema),
  /** Every listed project is up to date (true when there are none). */
  accepted: z.boolean(),
});
export type PolicyData = z.infer<typeof policyDataSchema>;

/** POST (admin): accept (or withdraw, accepted=false) the latest version for one project or 'all'. */
export const policyAcceptRequestSchema = z.object({
  project_id: z.string({ error: 'This field is required.' }).min(1, 'This field is required.'),
  accepted: z.boolean({ error: 'Must be true or false.' }),
});
export type PolicyAcceptRequest = z.infer<typeof policyAcceptRequestSchema>;
