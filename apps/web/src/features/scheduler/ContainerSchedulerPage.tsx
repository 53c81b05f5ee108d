import type { Cluster, Workload } from '@finlens/contracts/kubernetes';
import type { Schedule } from '@finlens/contracts/scheduler';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminAction } from '../../components/AdminAction';
import { BarsLoader } from '../../components/BarsLoader';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataGrid } from '../../components/DataGrid';
import { NameAndId } from '../../components/NameAndId';
import { type ServerColumn, ServerTable } from '../../components/ServerTable';
import { useConfirmRemoval } from '../../components/use-confirm-removal';
import { useSearchChange } from '../../lib/use-search-change';
import { useProjectsAws } from '../admin/api/projects-aws-query';
import { useContainersSummary } from '../containers/api/containers-summary-query';
import {
  useCheckCluster,
  useClusterNamespaces,
  useClusterWorkloads,
  useDeleteCluster,
  useKubernetesClusters,
} from './api/kubernetes-clusters-query';
import { useSchedules } from './api/schedules-query';
import { ClusterDialog } from './ClusterDialog';
import { formatInstant } from './format-instant';
import { moneyOr, SCHEDULE_COLUMNS } from './SchedulerPage';
import { editPath, KIND_NAMES, SCHEDULER_ADMIN_REASON, workloadTargetText } from './scheduler-view';

const CLUSTER_ADMIN_REASON = 'Only admins add or change clusters: their credentials scale workloads.';

/** Spec §2 /v3/compute-copilot/container-scheduler/: Kubernetes clusters, their workloads and the schedules scaling them. */
export function ContainerSchedulerPage() {
  const clusters = useKubernetesClusters();
  const schedules = useSchedules();
  const projects = useProjectsAws();
  const [search, change] = useSearchChange();
  // undefined: no dialog; null: a new cluster.
  const [editing, setEditing] = useState<Cluster | null | undefined>(undefined);
  const removal = useConfirmRemoval(useDeleteCluster(), (c: Cluster) => c.id);
  const all = clusters.data?.results ?? [];
  const selected = all.find((c) => c.id === search.get('cluster')) ?? null;
  const projectNames = new Map((projects.data ?? []).map((p) => [p.id, p.name]));
  const scheduled = (schedules.data?.results ?? []).filter((s) => s.workloads.length > 0);
  const usage = (id: string) => scheduled.filter((s) => s.workloads.some((t) => t.cluster === id)).length;

  const columns: ServerColumn<Cluster>[] = [
    { label: 'Cluster', render: (c) => <NameAndId name={c.name} id={c.api_server_url} /> },
    { label: 'Project', render: (c) => projectNames.get(c.project) ?? c.project },
    { label: 'Signs in with', render: signInText },
    {
      label: 'CA fingerprint',
      render: (c) => (c.simulated ? '—' : <code>{c.ca_fingerprint.slice(0, 14)}…</code>),
    },
    { label: 'Schedules', align: 'right', render: (c) => usage(c.id) },
    { label: 'Status', render: (c) => <ReachStatus cluster={c} /> },
  ];
  const unreachable = all.filter((c) => c.reach.state === 'unreachable');

  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Container Scheduler
        </Typography>
        <AdminAction reason={CLUSTER_ADMIN_REASON}>
          {(disabled) => (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditing(null)}
              disabled={disabled}
            >
              Add cluster
            </Button>
          )}
        </AdminAction>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Scale Deployments and StatefulSets to zero outside their hours and back to their replicas when the
        schedule starts them, on the same weekly grid, holidays and overrides as the Resource Scheduler. EKS
        node groups are scheduled there, by the cloud account.
      </Typography>

      <Block title="Clusters">
        {clusters.isError ? (
          <Alert severity="error">{clusters.error.message}</Alert>
        ) : clusters.isPending ? (
          <BarsLoader label="Loading clusters" />
        ) : all.length === 0 ? (
          <NoClusterYet />
        ) : (
          <>
            {unreachable.length === 0 ? null : (
              <Alert severity="error" aria-label="Unreachable clusters">
                {unreachable.map((c) => c.name).join(', ')} cannot be reached: the scheduler cannot scale{' '}
                {unreachable.length === 1 ? 'its' : 'their'} workloads until the API server answers. Check the
                URL, the CA and the credentials (Edit), and that Finlens may connect to it.
              </Alert>
            )}
            <ServerTable<Cluster>
              label="Kubernetes clusters"
              columns={columns}
              rows={all}
              rowKey={(c) => c.id}
              rowLabel={(c) => `Open ${c.name}`}
              onOpen={(c) => change({ cluster: c.id, namespace: '' })}
            />
          </>
        )}
      </Block>

      {selected === null ? null : (
        <ClusterPanel
          key={selected.id}
          cluster={selected}
          namespace={search.get('namespace') ?? 'default'}
          onNamespace={(namespace) => change({ namespace })}
          onEdit={() => setEditing(selected)}
          onRemove={() => removal.ask(selected)}
        />
      )}

      <Block
        title="Workload schedules"
        action={
          <AdminAction reason={SCHEDULER_ADMIN_REASON}>
            {(disabled) => (
              <Button
                size="small"
                startIcon={<Add />}
                component={RouterLink}
                to={editPath(null)}
                disabled={disabled || all.length === 0}
              >
                New workload schedule
              </Button>
            )}
          </AdminAction>
        }
      >
        {schedules.isError ? (
          <Alert severity="error">{schedules.error.message}</Alert>
        ) : schedules.isPending ? (
          <BarsLoader label="Loading schedules" />
        ) : scheduled.length === 0 ? (
          <Alert severity="info">
            No schedule scales workloads yet. Create one, paint its running hours and add workloads under
            Kubernetes workloads: by name, or every Deployment or StatefulSet a label selector matches.
          </Alert>
        ) : (
          <>
            <Alert severity="info" aria-label="When pods save">
              A workload schedule's figure is its pods' split cost per running hour (at the effective rate,
              from the bill's EKS split cost allocation data) × the hours it keeps them at zero. Pods are
              billed through their nodes: scaling them to zero saves money only if the nodes they free scale
              in — a node group scheduled too, or one an autoscaler (Cluster Autoscaler, Karpenter) shrinks.
              Otherwise the nodes keep billing and the pods' share becomes idle cost. The schedule's page says
              which applies; these figures are not in the verified-savings ledger.
            </Alert>
            <DataGrid<Schedule>
              label="Schedules scaling workloads"
              rows={scheduled}
              columns={workloadScheduleColumns(new Map(all.map((c) => [c.id, c])))}
              csvFileName="workload-schedules"
              getRowId={({ data }) => data.id}
            />
          </>
        )}
      </Block>

      {editing === undefined ? null : (
        <ClusterDialog cluster={editing} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmDialog
        {...removal.dialog}
        title="Remove this cluster?"
        text={`Finlens forgets ${removal.target?.name ?? 'the cluster'} and its credentials. Its workloads keep running as they are.`}
        confirmLabel="Remove"
      />
    </Box>
  );
}

/** The empty state names the EKS clusters the bill already has (the EKS Dashboard's), as the ones to add. */
function NoClusterYet() {
  const summary = useContainersSummary({});
  const billed = [
    ...(summary.data?.clusters ?? []).map((c) => c.cluster_name),
    ...(summary.data?.clusters_without_split_data ?? []).map((c) => c.cluster_name),
  ];
  const names = [...new Set(billed)].sort();
  return (
    <Alert severity="info">
      No Kubernetes cluster yet.{' '}
      {names.length === 0 ? null : (
        <>
          Your bill has {names.length === 1 ? 'the EKS cluster' : 'the EKS clusters'}{' '}
          <strong>{names.join(', ')}</strong> (
          <Link component={RouterLink} to="/v3/compute-copilot/eks/dashboard/">
            EKS Dashboard
          </Link>
          ): add {names.length === 1 ? 'it' : 'each'} here to schedule {names.length === 1 ? 'its' : 'their'}{' '}
          workloads.{' '}
        </>
      )}
      Add a cluster with its API server URL (EKS: the cluster endpoint), its CA certificate and a service
      account token (or a client certificate) allowed to list and scale deployments and statefulsets. Finlens
      keeps the credentials sealed and never shows them again.
    </Alert>
  );
}

function signInText(c: Cluster): ReactNode {
  if (c.simulated) return 'Simulated (the cloud scenario)';
  if (c.auth_kind === 'token') return 'Bearer token';
  const expires = c.client_certificate_expires_at?.slice(0, 10);
  return (
    <NameAndId
      name="Client certificate"
      id={`${c.client_certificate_subject ?? ''}${expires ? ` · expires ${expires}` : ''}`}
    />
  );
}

/** The schedule list's columns, with the workloads a schedule scales in place of its cloud resources and saving. */
function workloadScheduleColumns(clusters: Map<string, Cluster>): ColDef<Schedule>[] {
  const [name, ...rest] = SCHEDULE_COLUMNS.filter((c) => c.colId !== 'resources' && c.colId !== 'saving');
  const nameOf = (id: string) => clusters.get(id)?.name ?? id;
  const workloads: ColDef<Schedule> = {
    colId: 'workloads',
    headerName: 'Workloads',
    flex: 2,
    minWidth: 260,
    valueGetter: ({ data }) =>
      (data?.workloads ?? []).map((t) => workloadTargetText(t, nameOf(t.cluster))).join('; '),
  };
  const reach: ColDef<Schedule> = {
    colId: 'reach',
    headerName: 'Clusters',
    valueGetter: ({ data }) => {
      const ids = [...new Set((data?.workloads ?? []).map((t) => t.cluster))];
      const down = ids.filter((id) => clusters.get(id)?.reach.state === 'unreachable');
      return down.length > 0 ? `Unreachable: ${down.map(nameOf).join(', ')}` : 'Reachable';
    },
    cellStyle: ({ value }) => (String(value).startsWith('Unreachable') ? { color: '#d32f2f' } : null),
  };
  const saving: ColDef<Schedule> = {
    colId: 'pods-saving',
    headerName: "Pods' share a month, if nodes scale in",
    width: 200,
    valueGetter: ({ data }) => data?.workload_estimate?.monthly_saving ?? null,
    valueFormatter: moneyOr('No bill yet'),
    type: 'rightAligned',
    filter: 'agNumberColumnFilter',
  };
  return name === undefined ? rest : [name, workloads, reach, saving, ...rest];
}

const when = (at: string | null) => (at === null ? '' : `${formatInstant(at, 'UTC')} UTC`);

/** Whether the last call reached the cluster's API server; when not, what it answered and since when. */
function ReachStatus({ cluster }: { cluster: Cluster }) {
  const { reach } = cluster;
  if (reach.state === 'unchecked') return <Chip size="small" label="Not reached yet" variant="outlined" />;
  if (reach.state === 'reachable')
    return (
      <Tooltip title={`Answered ${when(reach.reached_at)}`}>
        <Chip size="small" color="success" label="Reachable" variant="outlined" />
      </Tooltip>
    );
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color="error" label="Unreachable" />
      <Typography variant="caption" color="error" sx={{ maxWidth: 300, overflowWrap: 'anywhere' }}>
        {reach.error} ({when(reach.failed_at)})
      </Typography>
    </Stack>
  );
}

function Block({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack component="section" aria-label={title} spacing={1} sx={{ mb: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Stack>
  );
}

const WORKLOAD_COLUMNS: ColDef<Workload>[] = [
  { field: 'name', headerName: 'Name', minWidth: 180 },
  { colId: 'kind', headerName: 'Kind', valueGetter: ({ data }) => (data ? KIND_NAMES[data.kind] : '') },
  { field: 'replicas', headerName: 'Replicas', type: 'rightAligned', filter: 'agNumberColumnFilter' },
  { field: 'ready_replicas', headerName: 'Ready', type: 'rightAligned', filter: 'agNumberColumnFilter' },
  {
    colId: 'labels',
    headerName: 'Labels',
    flex: 2,
    valueGetter: ({ data }) =>
      Object.entries(data?.labels ?? {})
        .map(([k, v]) => `${k}=${v}`)
        .join(', '),
  },
];

/** One cluster: edit or remove it, and its namespace's workloads as the API server reports them now. */
function ClusterPanel(props: {
  cluster: Cluster;
  namespace: string;
  onNamespace: (namespace: string) => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { cluster } = props;
  const workloads = useClusterWorkloads(cluster.id, props.namespace);
  const check = useCheckCluster();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-label={cluster.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {cluster.name}
        </Typography>
        <AdminAction reason={CLUSTER_ADMIN_REASON}>
          {(disabled) => (
            <Button
              size="small"
              onClick={() => check.mutate(cluster.id)}
              disabled={disabled || check.isPending}
            >
              Check connection
            </Button>
          )}
        </AdminAction>
        {cluster.simulated ? null : (
          <AdminAction reason={CLUSTER_ADMIN_REASON}>
            {(disabled) => (
              <Button size="small" onClick={props.onEdit} disabled={disabled}>
                Edit
              </Button>
            )}
          </AdminAction>
        )}
        <AdminAction reason={CLUSTER_ADMIN_REASON}>
          {(disabled) => (
            <Button size="small" color="error" onClick={props.onRemove} disabled={disabled}>
              Remove
            </Button>
          )}
        </AdminAction>
      </Stack>
      {check.isPending ? (
        <BarsLoader label="Checking the connection" />
      ) : check.isError ? (
        <Alert severity="error" aria-label="Connection check" sx={{ mb: 2 }}>
          {check.error.message}
        </Alert>
      ) : check.data === undefined ? null : check.data.reach.state === 'reachable' ? (
        <Alert severity="success" aria-label="Connection check" sx={{ mb: 2 }}>
          The API server answered ({when(check.data.reach.reached_at)}).
        </Alert>
      ) : (
        <Alert severity="error" aria-label="Connection check" sx={{ mb: 2 }}>
          Not reached: {check.data.reach.error} ({when(check.data.reach.failed_at)}). Check the URL, the CA
          and the credentials (Edit), and that Finlens may connect to it.
        </Alert>
      )}
      <NamespaceForm clusterId={cluster.id} namespace={props.namespace} onNamespace={props.onNamespace} />
      {workloads.isError ? (
        <Alert severity="error" aria-label="Cluster error">
          {workloads.error.message}
        </Alert>
      ) : workloads.isPending ? (
        <BarsLoader label="Asking the cluster" />
      ) : (
        <DataGrid<Workload>
          label={`Workloads in ${props.namespace}`}
          rows={workloads.data.results}
          columns={WORKLOAD_COLUMNS}
          csvFileName={`${cluster.name}-${props.namespace}-workloads`}
          getRowId={({ data }) => `${data.kind}/${data.name}`}
        />
      )}
    </Paper>
  );
}

/**
 * The namespace whose workloads to list: one of the cluster's namespaces (listed live), or a typed one — when the
 * list fails the field still takes a name and says why the list is missing.
 */
function NamespaceForm(props: {
  clusterId: string;
  namespace: string;
  onNamespace: (namespace: string) => void;
}) {
  const [draft, setDraft] = useState(props.namespace);
  const namespaces = useClusterNamespaces(props.clusterId);
  const helper = namespaces.isError
    ? `The namespaces could not be listed (${namespaces.error.message}); type one.`
    : namespaces.isPending
      ? 'Asking the cluster for its namespaces…'
      : 'Deployments and StatefulSets, read live from the API server';
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ mb: 2, alignItems: 'flex-start' }}
      onSubmit={(e) => {
        e.preventDefault();
        props.onNamespace(draft.trim());
      }}
    >
      <Autocomplete
        freeSolo
        size="small"
        sx={{ minWidth: 260 }}
        options={namespaces.data?.results ?? []}
        inputValue={draft}
        onInputChange={(_, value) => setDraft(value)}
        onChange={(_, value) => {
          if (typeof value === 'string' && value.trim() !== '') props.onNamespace(value.trim());
        }}
        renderInput={(params) => (
          <TextField {...params} label="Namespace" error={namespaces.isError} helperText={helper} />
        )}
      />
      <Button type="submit" variant="outlined">
        List workloads
      </Button>
    </Stack>
  );
}
