import {
  type ApiKey,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  createApiKeyRequestSchema,
} from '@finlens/contracts/api-keys';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminAction } from '../../components/AdminAction';
import { BarsLoader } from '../../components/BarsLoader';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { applyServerErrors } from '../../components/form-errors';
import { textFieldProps } from '../../components/form-field';
import { useConfirmRemoval } from '../../components/use-confirm-removal';
import { useApiKeys } from './api/api-keys-query';
import { useCreateApiKeyMutation } from './api/create-api-key-mutation';
import { useRevokeApiKeyMutation } from './api/revoke-api-key-mutation';
import { ApiKeysTable } from './components/ApiKeysTable';
import { CreatedKeyDialog } from './components/CreatedKeyDialog';

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKeyMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateApiKeyRequest>({
    resolver: zodResolver(createApiKeyRequestSchema),
    defaultValues: { name: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onCreated(await create.mutateAsync(values));
      form.reset();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['name']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create API key">
      {formError === null ? null : (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 560, mb: 3 }}>
        <TextField label="Key name" size="small" {...textFieldProps(form, 'name')} />
        <AdminAction reason="Only admins can create API keys; you can revoke the keys you made.">
          {(disabled) => (
            <Button
              type="submit"
              variant="contained"
              loading={form.formState.isSubmitting}
              disabled={disabled}
              sx={{ flexShrink: 0 }}
            >
              Create key
            </Button>
          )}
        </AdminAction>
      </Stack>
    </form>
  );
}

/** Settings tab API Key: create (the secret shows once), list, revoke with confirmation. */
export function ApiKeyTab() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKeyMutation();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const removal = useConfirmRemoval(revoke, (item: ApiKey) => item.id);
  return (
    <Box sx={{ pt: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        API Key
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Keys let scripts call the Finlens API as you, in this organisation.
      </Typography>
      <CreateKeyForm onCreated={setCreated} />
      {keys.isPending ? <BarsLoader /> : null}
      {keys.isError ? <Alert severity="error">{keys.error.message}</Alert> : null}
      {keys.isSuccess ? <ApiKeysTable keys={keys.data} onRevoke={removal.ask} /> : null}
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        title="Revoke API key"
        text={`Revoke "${removal.target?.name ?? ''}"? Requests using it stop working at once. This cannot be undone.`}
        confirmLabel="Revoke"
        {...removal.dialog}
      />
    </Box>
  );
}
