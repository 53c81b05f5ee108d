import type { WorkloadEstimate } from '@finlens/contracts/scheduler';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SimpleTable } from '../../components/SimpleTable';

type Row = WorkloadEstimate['workloads'][number];
type NodeGroup = WorkloadEstimate['node_groups'][number];

/** What scaling the pods to zero does to the bill in one cluster: which of its node groups can give nodes back. */
function nodeGroupText(clusterName: string, groups: readonly NodeGroup[]): string {
  if (groups.length === 0)
    return `${clusterName}: no node group of it is in the inventory — the pods' saving is real only if something (a schedule, Cluster Autoscaler, Karpenter) removes the nodes they free.`;
  return groups
    .map((g) => {
      if (g.scheduled_by !== null)
        return `${g.resource_id} is scheduled by "${g.scheduled_by}": its nodes stop with that schedule, whose estimate already counts the nodes' whole cost (the pods' share included — do not add the two).`;
      if (g.min_size !== null && g.max_size !== null && g.min_size < g.max_size)
        return `${g.resource_id} can scale from ${g.min_size} to ${g.max_size} nodes: an autoscaler running in the cluster (Cluster Autoscaler, Karpenter) may remove the nodes the pods free — only then does the bill drop.`;
      const fixed = g.min_size !== null && g.min_size === g.max_size ? ` (fixed at ${g.min_size} nodes)` : '';
      return `${g.resource_id}${fixed} neither is scheduled nor can scale in: its nodes keep billing, and the pods' share becomes their idle cost — nothing is saved.`;
    })
    .join(' ');
}

/**
 * A workload schedule's estimate: each workload's split cost per running hour × the hours the schedule keeps it at
 * zero, and — since pods are billed through their nodes — whether anything removes the nodes they free.
 */
export function WorkloadEstimatePanel({ estimate }: { estimate: WorkloadEstimate }) {
  const clusters = [...new Set(estimate.workloads.map((w) => w.cluster_name))];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Kubernetes workloads">
      <Typography variant="h6" component="h2" gutterBottom>
        Kubernetes workloads
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {estimate.monthly_saving === null
          ? 'No bill yet: the estimate needs the EKS split cost allocation data of the last 30 days.'
          : `Pods' share of their nodes while at zero: ${formatMoney(estimate.monthly_saving)} a month (${estimate.window?.from} to ${estimate.window?.to}, split cost per running hour × the hours the schedule keeps them at zero).`}
      </Typography>
      <Alert severity="info" sx={{ mb: 1 }} aria-label="When pods save">
        Scaling pods to zero saves money only if the nodes they free scale in; otherwise the nodes keep
        billing and the pods' share becomes idle cost.{' '}
        {clusters.map((c) => nodeGroupText(c, nodeGroupsOf(estimate, c))).join(' ')} This estimate is not in
        the verified-savings ledger: the bill verifies a saving only where the nodes' cost drops, which a
        scheduled node group's own entry shows.
      </Alert>
      {estimate.unlisted.map((u) => (
        <Alert
          key={`${u.cluster}|${u.namespace}|${u.kind}|${u.label_selector}`}
          severity="warning"
          sx={{ mb: 1 }}
        >
          The {u.kind}s of {u.namespace} matching {u.label_selector} could not be listed ({u.error}): not
          estimated.
        </Alert>
      ))}
      <SimpleTable<Row>
        label="Workload estimates"
        rows={estimate.workloads}
        rowKey={(w) => `${w.cluster}/${w.namespace}/${w.kind}/${w.name}`}
        columns={[
          { label: 'Workload', render: (w) => `${w.namespace}/${w.name} (${w.kind})` },
          { label: 'Cluster', render: (w) => w.cluster_name },
          { label: 'Split cost per running hour', align: 'right', render: (w) => formatMoney(w.hourly_cost) },
          { label: 'Running hours (30 days)', align: 'right', render: (w) => w.running_hours_30d.toFixed(0) },
          { label: 'Hours at zero (30 days)', align: 'right', render: (w) => w.stopped_hours_30d.toFixed(0) },
          { label: 'Saving (30 days)', align: 'right', render: (w) => formatMoney(w.estimated_saving_30d) },
        ]}
      />
    </Paper>
  );
}

const nodeGroupsOf = (estimate: WorkloadEstimate, clusterName: string) =>
  estimate.node_groups.filter((g) => g.cluster_name === clusterName);
