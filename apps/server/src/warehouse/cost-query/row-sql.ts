import type { CostDimension } from '@finlens/contracts/cost-query';
import type { KubernetesAttribute } from '@finlens/cost-model/cost-dimensions';
import { CANONICAL_COLUMNS } from '../canonical-schema';
import type { SqlDialect, SqlValues } from './sql-dialect';

/**
 * Expressions over one line-item row, needing no source: dimension-sql.ts renders them in cost queries and the
 * container rollup (container-rollup.ts) groups its rows by them.
 */
export interface RowContext {
  dialect: SqlDialect;
  values: SqlValues;
}

/** The operation of an EKS pod's split cost allocation row (ECS tasks have their own). */
export const EKS_POD_OPERATION = 'EKSPod-EC2';

const id = (ctx: RowContext, name: string) => ctx.dialect.identifier(name);
export const blankIsNull = (sql: string) => `NULLIF(${sql}, '')`;

/** A keyed dimension's key (a tag, cost category or label), required. */
export function requiredKey(dimension: CostDimension, key: string | undefined): string {
  if (key === undefined || key === '') throw new Error(`${dimension} needs a key`);
  return key;
}

/** A canonical column's value as text, NULL when empty. */
export function columnText(ctx: RowContext, column: string): string {
  const type = CANONICAL_COLUMNS.find((c) => c.name === column)?.type;
  if (type === undefined) throw new Error(`unknown column ${column}`);
  // An empty text is no value, as for map values: imports of CSV exports may leave '' instead of null.
  return type === 'text' ? blankIsNull(id(ctx, column)) : ctx.dialect.text(id(ctx, column));
}

export function mapText(ctx: RowContext, map: 'resource_tags' | 'cost_category', key: string): string {
  return blankIsNull(ctx.dialect.mapValue(id(ctx, map), ctx.values.add(key)));
}

/** EKS attributes AWS imports as cost allocation tags on pod rows (CUR 2.0 spells `aws:eks:x` as aws_eks_x). */
const EKS_TAGS: Partial<Record<KubernetesAttribute, string>> = {
  deployment: 'aws_eks_deployment',
  controllerKind: 'aws_eks_workload_type',
  controller: 'aws_eks_workload_name',
  services: 'aws_eks_service',
  container: 'aws_eks_container',
};

/**
 * Kubernetes attributes of an EKS pod row: from its aws:eks:* tags, else from the pod ARN
 * arn:aws:eks:<region>:<account>:pod/<cluster>/<namespace>/<pod>/<uid>, else the parent instance.
 */
export function kubernetesSql(ctx: RowContext, attribute: KubernetesAttribute, key?: string): string {
  const d = ctx.dialect;
  const arn = id(ctx, 'line_item_resource_id');
  const arnPart = (delimiter: string, index: number) =>
    blankIsNull(d.splitPart(arn, ctx.values.add(delimiter), index));
  const tag = (name: string) => mapText(ctx, 'resource_tags', name);
  const parent = blankIsNull(id(ctx, 'split_line_item_parent_resource_id'));
  const cluster = () => `COALESCE(${tag('aws_eks_cluster_name')}, ${arnPart('/', 2)})`;
  switch (attribute) {
    case 'cluster_name':
      return cluster();
    case 'cluster_arn': {
      const name = cluster();
      const parts = [
        ctx.values.add('arn:aws:eks:'),
        arnPart(':', 4),
        ctx.values.add(':'),
        arnPart(':', 5),
        ctx.values.add(':cluster/'),
        name,
      ];
      return `CASE WHEN ${name} IS NOT NULL THEN ${d.concat(parts)} END`;
    }
    case 'pod_namespace':
      return `COALESCE(${tag('aws_eks_namespace')}, ${arnPart('/', 3)})`;
    case 'pod':
      return arnPart('/', 4);
    case 'node':
      return `COALESCE(${tag('aws_eks_node')}, ${parent})`;
    case 'providerID': {
      const zone = blankIsNull(id(ctx, 'line_item_availability_zone'));
      const parts = [ctx.values.add('aws:///'), zone, ctx.values.add('/'), parent];
      return `CASE WHEN ${zone} IS NOT NULL AND ${parent} IS NOT NULL THEN ${d.concat(parts)} END`;
    }
    case 'labels':
      return tag(requiredKey('label_keys', key));
    default:
      return tag(EKS_TAGS[attribute] as string);
  }
}
