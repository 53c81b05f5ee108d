/**
 * The bill charges an Auto Scaling group's or an EKS managed node group's instances, never the group: each
 * instance line carries the tags AWS puts on the instances the group launches (in the `resource_tags` form,
 * billing-formats §1.3.10). `aws:autoscaling:groupName` names the Auto Scaling group; EKS adds
 * `eks:nodegroup-name` (a user tag once activated) with the cluster's name in `aws:eks:cluster-name` (or
 * `eks:cluster-name`). Read these keys, in this order, with a line's resource to know which groups ran it.
 */
export const GROUP_MEMBER_TAG_KEYS = [
  'aws_autoscaling_group_name',
  'user_eks_nodegroup_name',
  'aws_eks_cluster_name',
  'user_eks_cluster_name',
] as const;

/** A group as the inventory names it: `autoscaling-group` by name, `eks-nodegroup` as `cluster/nodegroup`. */
export interface BilledGroup {
  kind: 'autoscaling-group' | 'eks-nodegroup';
  id: string;
}

/** The inventory kinds whose cost the bill gives only through their instances' tags. */
export const GROUP_KINDS: ReadonlySet<string> = new Set<string>([
  'autoscaling-group',
  'eks-nodegroup',
] satisfies BilledGroup['kind'][]);

/** The groups whose instance a line's resource is, from its tag values in `GROUP_MEMBER_TAG_KEYS` order. */
export function billedGroups(tags: readonly (string | null | undefined)[]): BilledGroup[] {
  const [asg, nodegroup, awsCluster, userCluster] = tags;
  const out: BilledGroup[] = [];
  if (asg) out.push({ kind: 'autoscaling-group', id: asg });
  const cluster = awsCluster || userCluster;
  if (nodegroup && cluster) out.push({ kind: 'eks-nodegroup', id: `${cluster}/${nodegroup}` });
  return out;
}
