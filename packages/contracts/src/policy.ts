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

export const projectPolicyStateSchema = z.object({
  project_id: z.string(),
  project_name: z.string(),
  accepted_version: z.string().nullable(),
  accepted_at: z.string().nullable(),
  /** The project has accepted the latest version. */
  up_to_date: z.boolean(),
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
  project_id: z.string().min(1, 'This field is required.'),
  accepted: z.boolean(),
});
export type PolicyAcceptRequest = z.infer<typeof policyAcceptRequestSchema>;
