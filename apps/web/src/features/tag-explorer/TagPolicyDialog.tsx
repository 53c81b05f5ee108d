import { type TagPolicy, type TagPolicyInput, tagPolicyInputSchema } from '@finlens/contracts/tag-explorer';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useIsAdmin } from '../../components/AdminAction';
import { ApiError } from '../../lib/api-client';
import { useDeleteTagPolicy } from './api/delete-tag-policy-mutation';
import { useSaveTagPolicy } from './api/save-tag-policy-mutation';
import { useTagPolicies } from './api/tag-policies-query';
import { splitList } from './tag-view';

/** The editor's text fields: lists are typed comma-separated. */
interface PolicyForm {
  name: string;
  tag_keys: string;
  allowed_values: string;
  allowed_pattern: string;
  account_ids: string;
  services: string;
  enabled: boolean;
}
type FormErrors = Partial<Record<keyof PolicyForm, string>>;

const EMPTY_FORM: PolicyForm = {
  name: '',
  tag_keys: '',
  allowed_values: '',
  allowed_pattern: '',
  account_ids: '',
  services: '',
  enabled: true,
};

const FIELDS: { name: Exclude<keyof PolicyForm, 'enabled'>; label: string; help: string }[] = [
  { name: 'name', label: 'Name', help: '' },
  { name: 'tag_keys', label: 'Required tag keys', help: 'Comma-separated, e.g. user_team, user_env' },
  { name: 'allowed_values', label: 'Allowed values', help: 'Comma-separated; empty allows any value' },
  {
    name: 'allowed_pattern',
    label: 'Allowed pattern',
    help: 'A regular expression the whole value must match',
  },
  { name: 'account_ids', label: 'Accounts', help: 'Comma-separated account ids; empty means all' },
  { name: 'services', label: 'Services', help: 'Comma-separated services; empty means all' },
];

function formOf(policy: TagPolicy): PolicyForm {
  return {
    name: policy.name,
    tag_keys: policy.tag_keys.join(', '),
    allowed_values: policy.allowed_values.join(', '),
    allowed_pattern: policy.allowed_pattern ?? '',
    account_ids: policy.account_ids.join(', '),
    services: policy.services.join(', '),
    enabled: policy.enabled,
  };
}

function inputOf(form: PolicyForm) {
  return {
    name: form.name,
    tag_keys: splitList(form.tag_keys),
    allowed_values: splitList(form.allowed_values),
    allowed_pattern: form.allowed_pattern.trim() === '' ? null : form.allowed_pattern.trim(),
    account_ids: splitList(form.account_ids),
    services: splitList(form.services),
    enabled: form.enabled,
  };
}

/** Field → first message, from zod issues or the server's `errors` (a path like tag_keys.0 → tag_keys). */
function errorsOf(entries: [string, string | undefined][]): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of entries) {
    const field = path.split('.')[0] as keyof PolicyForm;
    if (message !== undefined && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

function serverErrors(error: unknown): FormErrors {
  const body =
    error instanceof ApiError ? (error.body as { errors?: Record<string, string[]> } | null) : null;
  return errorsOf(Object.entries(body?.errors ?? {}).map(([path, messages]) => [path, messages[0]]));
}

/** Tag policies: the list, and for admins edit, delete and a form to add or change one (members read). */
export function TagPolicyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const policies = useTagPolicies(open);
  const save = useSaveTagPolicy();
  const remove = useDeleteTagPolicy();
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState<PolicyForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const isAdmin = useIsAdmin();

  const reset = (id: string | null, next: PolicyForm) => {
    setEditing(id);
    setForm(next);
    setErrors({});
    setFailure(null);
  };
  const submit = async () => {
    const parsed = tagPolicyInputSchema.safeParse(inputOf(form));
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    try {
      await save.mutateAsync({ id: editing, input: parsed.data satisfies TagPolicyInput });
      reset(null, EMPTY_FORM);
    } catch (error) {
      const placed = serverErrors(error);
      setErrors(placed);
      if (Object.keys(placed).length === 0)
        setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  const drop = async (policy: TagPolicy) => {
    try {
      await remove.mutateAsync(policy.id);
      if (editing === policy.id) reset(null, EMPTY_FORM);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="tag-policies-title" fullWidth maxWidth="md">
      <DialogTitle id="tag-policies-title">Tag policies</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {policies.isError ? <Alert severity="error">{policies.error.message}</Alert> : null}
          {policies.data?.length === 0 ? (
            <Typography color="text.secondary">No tag policies yet.</Typography>
          ) : (
            <List dense aria-label="Policies">
              {(policies.data ?? []).map((policy) => (
                <ListItem
                  key={policy.id}
                  secondaryAction={
                    isAdmin && (
                      <>
                        <IconButton
                          aria-label={`Edit ${policy.name}`}
                          onClick={() => reset(policy.id, formOf(policy))}
                        >
                          <EditOutlined />
                        </IconButton>
                        <IconButton aria-label={`Delete ${policy.name}`} onClick={() => drop(policy)}>
                          <DeleteOutlined />
                        </IconButton>
                      </>
                    )
                  }
                >
                  <ListItemText
                    primary={`${policy.name}${policy.enabled ? '' : ' (disabled)'}`}
                    secondary={`Requires ${policy.tag_keys.join(', ')}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {isAdmin ? (
            <>
              <Typography variant="subtitle1" component="h3">
                {editing === null ? 'New policy' : 'Edit policy'}
              </Typography>
              {failure === null ? null : <Alert severity="error">{failure}</Alert>}
              <Stack
                component="form"
                aria-label="Tag policy"
                noValidate
                spacing={2}
                onSubmit={(event) => {
                  event.preventDefault();
                  void submit();
                }}
              >
                {FIELDS.map((field) => (
                  <TextField
                    key={field.name}
                    size="small"
                    label={field.label}
                    value={form[field.name]}
                    onChange={(event) => setForm({ ...form, [field.name]: event.target.value })}
                    error={errors[field.name] !== undefined}
                    helperText={errors[field.name] ?? field.help}
                    required={field.name === 'name' || field.name === 'tag_keys'}
                  />
                ))}
                <FormControlLabel
                  control={
                    <Switch
                      checked={form.enabled}
                      onChange={(event) => setForm({ ...form, enabled: event.target.checked })}
                    />
                  }
                  label="Enabled"
                />
                <Stack direction="row" spacing={1}>
                  <Button type="submit" variant="contained" disabled={save.isPending}>
                    {editing === null ? 'Add policy' : 'Save policy'}
                  </Button>
                  {editing === null ? null : (
                    <Button onClick={() => reset(null, EMPTY_FORM)}>Cancel edit</Button>
                  )}
                </Stack>
              </Stack>
            </>
          ) : (
            <Alert severity="info">Only admins can add, change or delete tag policies.</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
