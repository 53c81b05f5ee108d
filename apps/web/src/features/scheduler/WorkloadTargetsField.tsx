import { WORKLOAD_KINDS, type WorkloadTarget } from '@finlens/contracts/kubernetes';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useKubernetesClusters } from './api/kubernetes-clusters-query';
import { CONTAINER_SCHEDULER_PATH, KIND_NAMES } from './scheduler-view';

/**
 * The schedule's Kubernetes workloads (the container scheduler's targets): per row a cluster of the
 * schedule's project, a namespace, Deployments or StatefulSets, and one workload by name or those a label
 * selector matches. Replicas go to zero at stop and back at start.
 */
export function WorkloadTargetsField({
  projectId,
  value,
  onChange,
  error,
}: {
  projectId: string;
  value: WorkloadTarget[];
  onChange: (value: WorkloadTarget[]) => void;
  error: string | undefined;
}) {
  const clusters = (useKubernetesClusters().data?.results ?? []).filter((c) => c.project === projectId);
  const change = (index: number, patch: Partial<WorkloadTarget>) =>
    onChange(value.map((t, i) => (i === index ? { ...t, ...patch } : t)));
  const add = () =>
    onChange([
      ...value,
      {
        cluster: clusters[0]?.id ?? '',
        namespace: 'default',
        kind: 'deployment',
        name: '',
        label_selector: null,
      },
    ]);
  return (
    <Stack spacing={2}>
      {clusters.length === 0 ? (
        <Typography color="text.secondary">
          No Kubernetes cluster in this project yet: add one in the{' '}
          <RouterLink to={CONTAINER_SCHEDULER_PATH}>Container Scheduler</RouterLink> to scale its workloads.
        </Typography>
      ) : null}
      {value.map((target, index) => {
        const bySelector = target.label_selector !== null;
        return (
          <Stack
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is their identity
            key={index}
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            role="group"
            aria-label={`Workload ${index + 1}`}
          >
            <TextField
              select
              size="small"
              label="Cluster"
              value={target.cluster}
              onChange={(e) => change(index, { cluster: e.target.value })}
              sx={{ minWidth: 160 }}
            >
              {clusters.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label="Namespace"
              value={target.namespace}
              onChange={(e) => change(index, { namespace: e.target.value })}
            />
            <TextField
              select
              size="small"
              label="Kind"
              value={target.kind}
              onChange={(e) => change(index, { kind: e.target.value as WorkloadTarget['kind'] })}
              sx={{ minWidth: 140 }}
            >
              {WORKLOAD_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {KIND_NAMES[kind]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Match"
              value={bySelector ? 'selector' : 'name'}
              onChange={(e) =>
                change(
                  index,
                  e.target.value === 'selector'
                    ? { name: null, label_selector: '' }
                    : { name: '', label_selector: null },
                )
              }
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="name">By name</MenuItem>
              <MenuItem value="selector">By labels</MenuItem>
            </TextField>
            <TextField
              size="small"
              label={bySelector ? 'Label selector' : 'Workload name'}
              placeholder={bySelector ? 'app=web,tier in (api,worker)' : 'checkout'}
              value={(bySelector ? target.label_selector : target.name) ?? ''}
              onChange={(e) =>
                change(index, bySelector ? { label_selector: e.target.value } : { name: e.target.value })
              }
              sx={{ flex: 1 }}
            />
            <IconButton
              aria-label={`Remove workload ${index + 1}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <DeleteOutlined />
            </IconButton>
          </Stack>
        );
      })}
      {error === undefined ? null : <Alert severity="error">{error}</Alert>}
      <div>
        <Button size="small" startIcon={<Add />} onClick={add} disabled={clusters.length === 0}>
          Add workload
        </Button>
      </div>
    </Stack>
  );
}
