import { ALLOCATION_TAG_TYPES, type Showback } from '@finlens/contracts/showbacks';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useCreateShowback } from './api/create-showback-mutation';
import { useTagKeys } from './api/tag-keys-query';

type TagType = Showback['allocation_tag_type'];
export const TAG_TYPE_LABELS: Record<TagType, string> = {
  tag: 'Tag',
  label: 'Kubernetes label',
  cost_allocation_tag: 'Cost-allocation tag',
};

interface CreateShowbackDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (showback: Showback) => void;
}

/** New showback: a name, the key family (allocation_tag_type) and the keys read in order. */
export function CreateShowbackDialog({ open, onClose, onCreated }: CreateShowbackDialogProps) {
  const [name, setName] = useState('');
  const [type, setType] = useState<TagType>('tag');
  const [keys, setKeys] = useState<string[]>([]);
  const tagKeys = useTagKeys(type, open);
  const create = useCreateShowback();
  const ready = name.trim() !== '' && keys.length > 0;
  const close = () => {
    setName('');
    setKeys([]);
    create.reset();
    onClose();
  };
  const submit = () =>
    create.mutate(
      { name: name.trim(), allocation_tag_type: type, tag_keys: keys },
      {
        onSuccess: (showback) => {
          close();
          onCreated(showback);
        },
      },
    );
  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : close}
      aria-labelledby="create-showback-title"
    >
      <DialogTitle id="create-showback-title">New showback</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1, minWidth: { sm: 420 } }}>
          {create.isError ? <Alert severity="error">{create.error.message}</Alert> : null}
          <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} required />
          <TextField
            select
            label="Allocate by"
            value={type}
            onChange={(event) => {
              setType(event.target.value as TagType);
              setKeys([]);
            }}
          >
            {ALLOCATION_TAG_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {TAG_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            freeSolo
            options={tagKeys.data ?? []}
            loading={tagKeys.isFetching}
            value={keys}
            onChange={(_, next) => setKeys(next)}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Keys"
                helperText="The first key with a value on a line item decides its showback value."
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={create.isPending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={!ready} loading={create.isPending} onClick={submit}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
