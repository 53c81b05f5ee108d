import type { Cluster, ClusterPatch } from '@finlens/contracts/kubernetes';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { applyServerErrors } from '../../components/form-errors';
import { textFieldProps } from '../../components/form-field';
import { useProjectsAws } from '../admin/api/projects-aws-query';
import { useSaveCluster } from './api/kubernetes-clusters-query';

interface ClusterForm {
  name: string;
  project: string;
  api_server_url: string;
  ca_certificate: string;
  auth: Cluster['auth_kind'];
  token: string;
  client_certificate: string;
  client_key: string;
}

const FIELDS = [
  'name',
  'project',
  'api_server_url',
  'ca_certificate',
  'token',
  'client_certificate',
  'client_key',
] as const;

/** The AWS projects as the items of a project select. */
export function projectItems(projects: readonly { id: string; name: string }[] | undefined) {
  return (projects ?? []).map((p) => (
    <MenuItem key={p.id} value={p.id}>
      {p.name}
    </MenuItem>
  ));
}

/** The body a form sends: credentials left empty are left out (on an edit, the saved ones are kept). */
function clusterBody(values: ClusterForm): ClusterPatch {
  const given = (text: string) => (text.trim() === '' ? undefined : text);
  const credentials =
    values.auth === 'token'
      ? { token: given(values.token) }
      : { client_certificate: given(values.client_certificate), client_key: given(values.client_key) };
  return {
    name: values.name,
    project: values.project,
    api_server_url: values.api_server_url,
    ca_certificate: given(values.ca_certificate),
    ...credentials,
  };
}

/**
 * Adds a cluster or edits one: its API server, CA and a bearer token or client certificate. Credentials are
 * write-only (the server answers fingerprints and subjects, never the secrets), so an edit leaves them empty
 * and keeps the saved ones unless new ones are pasted.
 */
export function ClusterDialog({
  cluster,
  onClose,
}: {
  /** null: a new cluster. */
  cluster: Cluster | null;
  onClose: () => void;
}) {
  const projects = useProjectsAws();
  const save = useSaveCluster(cluster?.id ?? null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ClusterForm>({
    defaultValues: {
      name: cluster?.name ?? '',
      project: cluster?.project ?? projects.data?.[0]?.id ?? '',
      api_server_url: cluster?.api_server_url ?? '',
      ca_certificate: '',
      auth: cluster?.auth_kind ?? 'token',
      token: '',
      client_certificate: '',
      client_key: '',
    },
  });
  const auth = form.watch('auth');
  const keep = cluster === null ? undefined : 'Leave empty to keep the saved one.';
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync(clusterBody(values));
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELDS));
    }
  });
  const pem = (
    name: 'ca_certificate' | 'client_certificate' | 'client_key',
    label: string,
    hint?: string,
  ) => {
    const props = textFieldProps(form, name);
    return (
      <TextField
        label={label}
        multiline
        minRows={3}
        maxRows={8}
        placeholder="-----BEGIN …-----"
        {...props}
        helperText={props.helperText ?? hint}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="cluster-dialog-title" fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate aria-label={cluster === null ? 'Add cluster' : 'Edit cluster'}>
        <DialogTitle id="cluster-dialog-title">
          {cluster === null ? 'Add a Kubernetes cluster' : `Edit ${cluster.name}`}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError === null ? null : <Alert severity="error">{formError}</Alert>}
            <TextField label="Name" autoComplete="off" {...textFieldProps(form, 'name')} />
            <Controller
              control={form.control}
              name="project"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Project"
                  {...field}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message ?? 'The cloud account the cluster runs in'}
                  fullWidth
                >
                  {projectItems(projects.data)}
                </TextField>
              )}
            />
            <TextField
              label="API server URL"
              placeholder="https://ABC123.gr7.us-east-1.eks.amazonaws.com"
              {...textFieldProps(form, 'api_server_url')}
            />
            {pem('ca_certificate', 'CA certificate (PEM)', keep)}
            <Controller
              control={form.control}
              name="auth"
              render={({ field }) => (
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  value={field.value}
                  onChange={(_, value: ClusterForm['auth'] | null) => value && field.onChange(value)}
                  aria-label="Sign in with"
                >
                  <ToggleButton value="token">Bearer token</ToggleButton>
                  <ToggleButton value="client_certificate">Client certificate</ToggleButton>
                </ToggleButtonGroup>
              )}
            />
            {auth === 'token' ? (
              <TextField
                label="Service account token"
                type="password"
                autoComplete="off"
                {...textFieldProps(form, 'token')}
                helperText={
                  form.formState.errors.token?.message ??
                  keep ??
                  'Needs get, list and patch on deployments, statefulsets and their scale subresource.'
                }
              />
            ) : (
              <>
                {pem('client_certificate', 'Client certificate (PEM)', keep)}
                {pem('client_key', 'Client key (PEM)', keep)}
              </>
            )}
          </Stack>
        </DialogContent>
        <FormActions
          submitLabel={cluster === null ? 'Add cluster' : 'Save cluster'}
          pending={form.formState.isSubmitting}
          onCancel={onClose}
          lockWhilePending
        />
      </form>
    </Dialog>
  );
}
