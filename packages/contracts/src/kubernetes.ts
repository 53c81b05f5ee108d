import { z } from 'zod';

/**
 * Kubernetes clusters the container scheduler acts on (issue 24 item 4; spec §2
 * /v3/compute-copilot/container-scheduler/). The spec shows no calls or shapes for them; these are ours.
 * Credentials (CA certificate, bearer token, client certificate and key) are write-only: sealed at rest
 * and never answered.
 */
export const KUBERNETES_PATHS = {
  clusters: '/c/kubernetes/clusters/',
  cluster: (id: string) => `/c/kubernetes/clusters/${id}/`,
  workloads: (id: string) => `/c/kubernetes/clusters/${id}/workloads/`,
  namespaces: (id: string) => `/c/kubernetes/clusters/${id}/namespaces/`,
  check: (id: string) => `/c/kubernetes/clusters/${id}/check/`,
} as const;

/** The apps/v1 controllers whose scale subresource the scheduler sets. */
export const WORKLOAD_KINDS = ['deployment', 'statefulset'] as const;
export type WorkloadKind = (typeof WORKLOAD_KINDS)[number];

/** A Kubernetes name: an RFC 1123 label (namespaces) or subdomain (workload names). */
export const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
export const DNS_SUBDOMAIN = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const KEY = String.raw`([a-z0-9A-Z]([-a-z0-9A-Z_.]*[a-z0-9A-Z])?\/)?[a-z0-9A-Z]([-a-z0-9A-Z_.]{0,61}[a-z0-9A-Z])?`;
const VALUE = `([a-z0-9A-Z]([-a-z0-9A-Z_.]{0,61}[a-z0-9A-Z])?)?`;
const REQUIREMENT = new RegExp(
  String.raw`^\s*(!?${KEY}|${KEY}\s*(=|==|!=)\s*${VALUE}|${KEY}\s+(in|notin)\s*\(\s*${VALUE}(\s*,\s*${VALUE})*\s*\))\s*$`,
);

/** A label selector as the API's `labelSelector` query takes it (equality and set-based requirements). */
export function isLabelSelector(text: string): boolean {
  if (text.trim() === '') return false;
  // Commas inside "in (a, b)" belong to the requirement, not between requirements.
  const parts = text.split(/,(?![^(]*\))/);
  return parts.every((part) => REQUIREMENT.test(part));
}

/** One requirement of a label selector on one key: the values it allows (null: any) and those it excludes. */
export interface LabelRequirement {
  key: string;
  /** true: the label must be there; false: it must not (!key); null: either. */
  present: boolean | null;
  allowed: string[] | null;
  excluded: string[];
}

/** The requirements of a valid label selector (isLabelSelector): key, !key, key=v, key==v, key!=v, key in (…), key notin (…). */
export function labelRequirements(selector: string): LabelRequirement[] {
  return selector
    .split(/,(?![^(]*\))/)
    .map((part) => part.trim())
    .map((part): LabelRequirement => {
      const set = /^(\S+)\s+(in|notin)\s*\((.*)\)$/.exec(part);
      if (set) {
        const values = (set[3] ?? '').split(',').map((v) => v.trim());
        return set[2] === 'in'
          ? { key: set[1] as string, present: true, allowed: values, excluded: [] }
          : { key: set[1] as string, present: null, allowed: null, excluded: values };
      }
      const eq = /^([^!=\s]+)\s*(==|=|!=)\s*(.*)$/.exec(part);
      if (eq) {
        const value = (eq[3] ?? '').trim();
        return eq[2] === '!='
          ? { key: eq[1] as string, present: null, allowed: null, excluded: [value] }
          : { key: eq[1] as string, present: true, allowed: [value], excluded: [] };
      }
      return part.startsWith('!')
        ? { key: part.slice(1).trim(), present: false, allowed: null, excluded: [] }
        : { key: part, present: true, allowed: null, excluded: [] };
    });
}

/** Whether labels satisfy a valid label selector, as the API server decides (!= and notin match a missing label). */
export function matchesLabelSelector(selector: string, labels: Record<string, string>): boolean {
  return labelRequirements(selector).every((r) => {
    const value = labels[r.key];
    if (r.present !== null && (value !== undefined) !== r.present) return false;
    if (value === undefined) return true;
    return (r.allowed === null || r.allowed.includes(value)) && !r.excluded.includes(value);
  });
}

const pem = (label: string) => z.string().trim().max(20_000).describe(`PEM text (-----BEGIN ${label}-----).`);

export const clusterInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(200),
    project: z.string().min(1).describe('The project (cloud account) the cluster belongs to.'),
    api_server_url: z
      .string()
      .trim()
      .max(2000)
      .describe('https URL of the API server (EKS: the cluster endpoint).'),
    ca_certificate: pem('CERTIFICATE').describe("The cluster's certificate authority (PEM)."),
    token: z
      .string()
      .trim()
      .max(10_000)
      .optional()
      .describe('A bearer token (a service account token); write-only.'),
    client_certificate: pem('CERTIFICATE').optional().describe('Client certificate (PEM), with client_key.'),
    client_key: pem('PRIVATE KEY').optional().describe('Private key of the client certificate; write-only.'),
  })
  .describe(
    'A cluster and its credentials: a bearer token or a client certificate. On PATCH, credentials left out are kept.',
  );
export type ClusterInput = z.infer<typeof clusterInputSchema>;

export const clusterPatchSchema = clusterInputSchema
  .partial()
  .describe('Changes to a cluster; credentials left out are kept.');
export type ClusterPatch = z.infer<typeof clusterPatchSchema>;

/** unchecked: never called yet; reachable: the last call was answered; unreachable: the last call failed. */
export const CLUSTER_REACH_STATES = ['unchecked', 'reachable', 'unreachable'] as const;

export const clusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  project: z.string(),
  api_server_url: z.string(),
  auth_kind: z.enum(['token', 'client_certificate']),
  ca_fingerprint: z
    .string()
    .describe('SHA-256 fingerprint of the saved CA certificate (the certificate itself is not answered).'),
  client_certificate_subject: z.string().nullable(),
  client_certificate_expires_at: z.string().nullable(),
  reach: z
    .object({
      state: z.enum(CLUSTER_REACH_STATES),
      reached_at: z.string().nullable().describe('The last time the API server answered.'),
      failed_at: z.string().nullable().describe('The last time it could not be reached or refused.'),
      error: z.string().nullable().describe('What it answered then, or why it could not be reached.'),
    })
    .describe(
      "Whether Finlens reaches the API server, from the last workload listing or scheduler tick: 'unreachable' when the last failure is newer than the last answer (the scheduler cannot scale its workloads until it is reached again).",
    ),
  simulated: z
    .boolean()
    .describe(
      "Simulated from the project's cloud scenario (the demo's EKS clusters): no API server or credentials; api_server_url is simulated://<name>.",
    ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Cluster = z.infer<typeof clusterSchema>;
export const clusterListSchema = z.object({ results: z.array(clusterSchema) });

export const namespaceListSchema = z
  .object({ results: z.array(z.string()) })
  .describe("The cluster's namespaces as its API server lists them now (GET /api/v1/namespaces), sorted.");
export type NamespaceList = z.infer<typeof namespaceListSchema>;

export const workloadsQuerySchema = z.object({
  namespace: z.string().regex(DNS_LABEL, 'A namespace is a lower-case RFC 1123 label.'),
  kind: z.enum(WORKLOAD_KINDS).optional(),
  label_selector: z
    .string()
    .max(1000)
    .refine(isLabelSelector, 'Not a label selector (e.g. app=web,tier in (api,worker)).')
    .optional(),
});
export type WorkloadsQuery = z.infer<typeof workloadsQuerySchema>;

export const workloadSchema = z.object({
  kind: z.enum(WORKLOAD_KINDS),
  namespace: z.string(),
  name: z.string(),
  replicas: z.number().describe('spec.replicas: what the controller is asked to run.'),
  ready_replicas: z.number(),
  labels: z.record(z.string(), z.string()),
});
export type Workload = z.infer<typeof workloadSchema>;
export const workloadListSchema = z.object({ results: z.array(workloadSchema) });

/** A schedule's workload target: one workload by name, or those a label selector matches. */
export const workloadTargetSchema = z
  .object({
    cluster: z.string().min(1).describe('A cluster id of the schedule’s project.'),
    namespace: z.string().regex(DNS_LABEL, 'A namespace is a lower-case RFC 1123 label.'),
    kind: z.enum(WORKLOAD_KINDS),
    name: z
      .string()
      .regex(DNS_SUBDOMAIN, 'A workload name is a lower-case RFC 1123 subdomain.')
      .nullable()
      .default(null),
    label_selector: z
      .string()
      .max(1000)
      .refine(isLabelSelector, 'Not a label selector (e.g. app=web,tier in (api,worker)).')
      .nullable()
      .default(null),
  })
  .describe(
    'Replicas go to zero at stop and back to the saved count at start. Give a name or a label selector.',
  );
export type WorkloadTarget = z.infer<typeof workloadTargetSchema>;

/** The scheduler's kind for a workload in its log and saved sizes (the cluster id stands where an account id does, the namespace where a region does). */
export const workloadResourceKind = (kind: WorkloadKind) => `k8s-${kind}` as const;
