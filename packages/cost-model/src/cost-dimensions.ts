import type { CostDimension, DimensionGroup } from '@finlens/contracts/cost-query';

/**
 * Where a dimension's value comes from in the canonical line-item table (apps/server/src/warehouse/
 * canonical-schema.ts). The compiler's dialect turns each kind into SQL; user text never names a column.
 * - column: a canonical column;
 * - product: a key of the CUR 2.0 `product` map (e.g. storage_class, volume_api_name);
 * - tags / cost_categories: a key of the `resource_tags` / `cost_category` map (the key is the query's
 *   dimension_key or the filter pair's key);
 * - kubernetes: a Kubernetes attribute of an EKS split-cost-allocation row, read from the pod's resource
 *   tags (aws:eks:* keys, CUR 2.0 spells them aws_eks_*) or its pod ARN
 *   (arn:aws:eks:<region>:<account>:pod/<cluster>/<namespace>/<pod>/<uid>);
 * - project: the project (billing source) name, joined from the app database by project_id.
 */
export type DimensionSource =
  | { kind: 'column'; column: string }
  | { kind: 'product'; key: string }
  | { kind: 'tags' }
  | { kind: 'cost_categories' }
  | { kind: 'kubernetes'; attribute: KubernetesAttribute }
  | { kind: 'project' };

export type KubernetesAttribute =
  | 'cluster_arn'
  | 'cluster_name'
  | 'node'
  | 'providerID'
  | 'pod_namespace'
  | 'controllerKind'
  | 'controller'
  | 'deployment'
  | 'services'
  | 'pod'
  | 'container'
  | 'labels';

export interface DimensionEntry {
  group: DimensionGroup;
  label: string;
  help: string;
  source: DimensionSource;
}

const column = (name: string): DimensionSource => ({ kind: 'column', column: name });
const product = (key: string): DimensionSource => ({ kind: 'product', key });
const k8s = (attribute: KubernetesAttribute): DimensionSource => ({ kind: 'kubernetes', attribute });

/** Spec §3 cost dimension fields: group, display name, help text and source, in display order. */
export const COST_DIMENSION_CATALOGUE: Record<CostDimension, DimensionEntry> = {
  pricing_unit: {
    group: 'Billing & Cost',
    label: 'Pricing Unit',
    help: 'The unit AWS prices the usage in, such as Hrs, GB-Mo or Requests.',
    source: column('pricing_unit'),
  },
  bill_billing_entity: {
    group: 'Billing & Cost',
    label: 'Billing Entity',
    help: 'Who bills the line item: AWS itself or AWS Marketplace.',
    source: column('bill_billing_entity'),
  },
  line_item_legal_entity: {
    group: 'Billing & Cost',
    label: 'Legal Entity',
    help: 'The seller of record, for example Amazon Web Services, Inc.',
    source: column('line_item_legal_entity'),
  },
  line_item_usage_account_id: {
    group: 'Billing & Cost',
    label: 'Cloud Account',
    help: 'The account (or Azure subscription) that used the resource.',
    source: column('line_item_usage_account_id'),
  },
  billing_project_name: {
    group: 'Billing & Cost',
    label: 'Billing Project',
    help: 'The Finlens project (billing source) the line item was imported into.',
    source: { kind: 'project' },
  },
  line_item_line_item_type: {
    group: 'Billing & Cost',
    label: 'Charge Type',
    help: 'Usage, Tax, Credit, Refund, Fee, RI and Savings Plan charges and the other CUR line item types.',
    source: column('line_item_line_item_type'),
  },
  finlens_purchase_option: {
    group: 'Billing & Cost',
    label: 'Purchase Option',
    help: 'On Demand, Reserved, Savings Plan or Spot, derived from the line item and pricing columns.',
    source: column('finlens_purchase_option'),
  },
  product_product_name: {
    group: 'Product & Services',
    label: 'Product Name',
    help: 'The full name of the AWS product, such as Amazon Elastic Compute Cloud.',
    source: column('product_product_name'),
  },
  product_servicename: {
    group: 'Product & Services',
    label: 'Cloud Service',
    help: 'The service that was used, such as Amazon EC2 or Amazon S3; tax lines are Tax, and fees the bill names no service for (reservations, savings plans, support) go under their product.',
    source: column('product_servicename'),
  },
  product_product_family: {
    group: 'Product & Services',
    label: 'Product Family',
    help: 'The category of the product, such as Compute Instance, Storage or Data Transfer.',
    source: column('product_product_family'),
  },
  finlens_final_environment: {
    group: 'Product & Services',
    label: 'Environment',
    help: 'The environment from the env / environment tags, normalised to production, staging, development and so on.',
    source: column('finlens_final_environment'),
  },
  product_region: {
    group: 'Product & Services',
    label: 'Region',
    help: 'The region code of the resource, such as us-east-1; global services have none.',
    source: column('product_region_code'),
  },
  finlens_region_name: {
    group: 'Product & Services',
    label: 'Region Name',
    help: 'The readable region name, such as US East (N. Virginia).',
    source: column('finlens_region_name'),
  },
  line_item_availability_zone: {
    group: 'Product & Services',
    label: 'Availability Zone',
    help: 'The availability zone that hosted the resource, such as us-east-1a.',
    source: column('line_item_availability_zone'),
  },
  line_item_operation: {
    group: 'Product & Services',
    label: 'Operation',
    help: 'The specific operation billed, such as RunInstances or PutObject.',
    source: column('line_item_operation'),
  },
  finlens_operating_system_engine: {
    group: 'Product & Services',
    label: 'Operating System / Engine',
    help: 'The operating system of an instance or the engine of a database.',
    source: column('finlens_operating_system_engine'),
  },
  line_item_usage_type: {
    group: 'Resource & Usage',
    label: 'Usage Type',
    help: 'The usage details, such as USE1-BoxUsage:m5.large or DataTransfer-Out-Bytes.',
    source: column('line_item_usage_type'),
  },
  line_item_resource_id: {
    group: 'Resource & Usage',
    label: 'Resource',
    help: 'The resource id or ARN; line items without one are non-resource charges.',
    source: column('line_item_resource_id'),
  },
  resource_name: {
    group: 'Resource & Usage',
    label: 'Resource Name',
    help: 'The Name tag of the resource where it has one.',
    source: column('resource_name'),
  },
  finlens_non_taggable_resource: {
    group: 'Resource & Usage',
    label: 'Non-taggable Resource',
    help: 'True for charges that cannot carry tags (tax, support, data transfer without a resource, fees).',
    source: column('finlens_non_taggable_resource'),
  },
  line_item_line_item_description: {
    group: 'Resource & Usage',
    label: 'Description',
    help: 'The line item description as written by the cloud provider.',
    source: column('line_item_line_item_description'),
  },
  tag_keys: {
    group: 'Tags',
    label: 'Tags',
    help: 'Resource tags (user and AWS-generated cost allocation tags). Choose a key to group by its values.',
    source: { kind: 'tags' },
  },
  cost_allocation_tag_keys: {
    group: 'Tags',
    label: 'Cost Categories',
    help: 'AWS Cost Categories rules applied to the line item. Choose a category to group by its values.',
    source: { kind: 'cost_categories' },
  },
  finlens_compute_types: {
    group: 'Compute',
    label: 'Compute Type',
    help: 'EC2 instances, containers, serverless functions and other compute, derived from the usage type.',
    source: column('finlens_compute_types'),
  },
  finlens_compute_provisioner: {
    group: 'Compute',
    label: 'Compute Provisioner',
    help: 'What launched the compute: EKS, ECS, Auto Scaling, EMR, Batch, Beanstalk or directly.',
    source: column('finlens_compute_provisioner'),
  },
  product_instance_family: {
    group: 'Compute',
    label: 'Instance Family',
    help: 'The instance family, such as General purpose or Memory optimized.',
    source: column('product_instance_family'),
  },
  product_instance_type: {
    group: 'Compute',
    label: 'Instance Type',
    help: 'The instance type, such as m5.large or db.r6g.xlarge.',
    source: column('product_instance_type'),
  },
  product_instance_type_family: {
    group: 'Compute',
    label: 'Instance Type Family',
    help: 'The instance type family, such as m5 or r6g.',
    source: product('instance_type_family'),
  },
  product_storage_class: {
    group: 'Storage',
    label: 'Storage Class',
    help: 'The storage class, such as General Purpose or Archive.',
    source: product('storage_class'),
  },
  product_volume_type: {
    group: 'Storage',
    label: 'Volume Type',
    help: 'The EBS volume type, such as gp3 or io2.',
    source: product('volume_api_name'),
  },
  product_storage_media: {
    group: 'Storage',
    label: 'Storage Media',
    help: 'The storage media, such as SSD-backed or Amazon S3.',
    source: product('storage_media'),
  },
  cluster_arn: {
    group: 'Kubernetes',
    label: 'Cluster ARN',
    help: 'The ARN of the EKS cluster a pod ran in (split cost allocation data).',
    source: k8s('cluster_arn'),
  },
  cluster_name: {
    group: 'Kubernetes',
    label: 'Cluster',
    help: 'The EKS cluster a pod ran in.',
    source: k8s('cluster_name'),
  },
  node: {
    group: 'Kubernetes',
    label: 'Node',
    help: 'The worker node (EC2 instance) whose cost the pod was allocated.',
    source: k8s('node'),
  },
  providerID: {
    group: 'Kubernetes',
    label: 'Provider ID',
    help: "The node's provider id, the instance it runs on.",
    source: k8s('providerID'),
  },
  pod_namespace: {
    group: 'Kubernetes',
    label: 'Namespace',
    help: 'The Kubernetes namespace of the pod.',
    source: k8s('pod_namespace'),
  },
  controllerKind: {
    group: 'Kubernetes',
    label: 'Controller Kind',
    help: 'The kind of controller that owns the pod, such as ReplicaSet or StatefulSet.',
    source: k8s('controllerKind'),
  },
  controller: {
    group: 'Kubernetes',
    label: 'Controller',
    help: 'The controller that owns the pod.',
    source: k8s('controller'),
  },
  deployment: {
    group: 'Kubernetes',
    label: 'Deployment',
    help: 'The deployment the pod belongs to.',
    source: k8s('deployment'),
  },
  services: {
    group: 'Kubernetes',
    label: 'Kubernetes Service',
    help: 'The Kubernetes service that selects the pod.',
    source: k8s('services'),
  },
  pod: {
    group: 'Kubernetes',
    label: 'Pod',
    help: 'The pod name.',
    source: k8s('pod'),
  },
  container: {
    group: 'Kubernetes',
    label: 'Container',
    help: 'The container within the pod.',
    source: k8s('container'),
  },
  label_keys: {
    group: 'Kubernetes',
    label: 'Kubernetes Labels',
    help: 'Pod labels imported as cost allocation tags. Choose a label to group by its values.',
    source: k8s('labels'),
  },
};

/** Spec §3 dimension labels (the Explorer's quick group-by chips) and the dimension each stands for. */
export const DIMENSION_LABELS = {
  'Cloud Accounts': 'line_item_usage_account_id',
  Regions: 'product_region',
  'Cloud Services': 'product_servicename',
  Resources: 'line_item_resource_id',
  'Non-resources': 'finlens_non_taggable_resource',
  'Usage Types': 'line_item_usage_type',
  Operations: 'line_item_operation',
  Tags: 'tag_keys',
} as const satisfies Record<string, CostDimension>;
