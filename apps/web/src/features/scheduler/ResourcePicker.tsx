import type { SchedulerResources } from '@finlens/contracts/scheduler';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useSchedulableResources } from './api/scheduler-resources-query';
import { resourcesOf, selectionOf } from './scheduler-view';

const KIND_LABELS: Record<string, string> = {
  'ec2-instance': 'EC2 instances',
  'rds-instance': 'RDS instances',
  'rds-cluster': 'RDS clusters',
  'eks-nodegroup': 'EKS node groups',
  'autoscaling-group': 'Auto Scaling groups',
};

/** EC2 instances, RDS instances and clusters, EKS node groups and Auto Scaling groups of the project's inventory. */
export function ResourcePicker({
  projectId,
  value,
  onChange,
  error,
}: {
  projectId: string;
  value: SchedulerResources;
  onChange: (value: SchedulerResources) => void;
  error: string | undefined;
}) {
  const { resources, isPending } = useSchedulableResources(projectId);
  const byKey = new Map(resources.map((r) => [`${r.kind}|${r.resource_id}`, r]));
  const selected = selectionOf(value);
  // "kind|id" keys sort by kind first, so the groups stay together.
  const options = [...new Set([...byKey.keys(), ...selected])].sort();
  const label = (key: string) => {
    const r = byKey.get(key);
    const id = key.slice(key.indexOf('|') + 1);
    if (r === undefined) return id;
    return r.name && r.name !== id ? `${r.name} (${id}) · ${r.state}` : `${id} · ${r.state}`;
  };
  return (
    <Autocomplete
      multiple
      options={options}
      groupBy={(key) => KIND_LABELS[key.split('|')[0] ?? ''] ?? 'Other'}
      getOptionLabel={label}
      value={selected}
      onChange={(_, keys) => onChange(resourcesOf(keys))}
      loading={isPending}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          label="Resources from the inventory"
          error={error !== undefined}
          helperText={error ?? 'By id or name; the schedule also takes resources tagged as below'}
        />
      )}
    />
  );
}
