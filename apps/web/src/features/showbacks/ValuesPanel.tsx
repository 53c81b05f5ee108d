import type { CombinedValue, Showback } from '@finlens/contracts/showbacks';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAvailableValues } from './api/available-values-query';
import { useDeleteCombinedValue } from './api/delete-combined-value-mutation';
import { useSaveCombinedValue } from './api/save-combined-value-mutation';
import { useUpdateShowback } from './api/update-showback-mutation';

/** Combined values (several raw values shown as one) and hidden values (counted as untagged). */
export function ValuesPanel({ showback }: { showback: Showback }) {
  const raw = useAvailableValues(showback).data ?? [];
  return (
    <Stack spacing={2} direction={{ xs: 'column', md: 'row' }}>
      <CombinedValues showback={showback} options={raw} />
      <HiddenValues showback={showback} options={raw} />
    </Stack>
  );
}

function CombinedValues({ showback, options }: { showback: Showback; options: string[] }) {
  const save = useSaveCombinedValue(showback.id);
  const remove = useDeleteCombinedValue(showback.id);
  const [editing, setEditing] = useState<CombinedValue | null>(null);
  const [name, setName] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const reset = () => {
    setEditing(null);
    setName('');
    setValues([]);
  };
  const error = save.error ?? remove.error;
  return (
    <Paper variant="outlined" component="section" aria-label="Combined values" sx={{ p: 2, flex: 1 }}>
      <Typography variant="subtitle1" component="h2">
        Combined values
      </Typography>
      {error ? <Alert severity="error">{error.message}</Alert> : null}
      <List dense>
        {showback.combined_values.map((combined) => (
          <ListItem
            key={combined.id}
            secondaryAction={
              <>
                <IconButton
                  aria-label={`Edit ${combined.name}`}
                  onClick={() => {
                    setEditing(combined);
                    setName(combined.name);
                    setValues(combined.combined_values);
                  }}
                >
                  <EditOutlined />
                </IconButton>
                <IconButton aria-label={`Delete ${combined.name}`} onClick={() => remove.mutate(combined.id)}>
                  <DeleteOutlined />
                </IconButton>
              </>
            }
          >
            <ListItemText primary={combined.name} secondary={combined.combined_values.join(', ')} />
          </ListItem>
        ))}
      </List>
      <Stack spacing={1}>
        <TextField
          size="small"
          label="Shown as"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <ValuesInput label="Values to combine" options={options} value={values} onChange={setValues} />
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button
            variant="outlined"
            disabled={name.trim() === '' || values.length === 0}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { combinedId: editing?.id ?? null, name: name.trim(), values },
                { onSuccess: reset },
              )
            }
          >
            {editing ? 'Save combined value' : 'Add combined value'}
          </Button>
          {editing ? <Button onClick={reset}>Cancel</Button> : null}
        </Stack>
      </Stack>
    </Paper>
  );
}

function HiddenValues({ showback, options }: { showback: Showback; options: string[] }) {
  const update = useUpdateShowback(showback.id);
  const [hidden, setHidden] = useState<string[]>(showback.hide_values);
  const changed = JSON.stringify(hidden) !== JSON.stringify(showback.hide_values);
  return (
    <Paper variant="outlined" component="section" aria-label="Hidden values" sx={{ p: 2, flex: 1 }}>
      <Typography variant="subtitle1" component="h2">
        Hidden values
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Cost tagged with a hidden value counts as untagged (rules can still claim it).
      </Typography>
      {update.isError ? <Alert severity="error">{update.error.message}</Alert> : null}
      <ValuesInput label="Hide values" options={options} value={hidden} onChange={setHidden} />
      <Button
        variant="outlined"
        sx={{ mt: 1 }}
        disabled={!changed}
        loading={update.isPending}
        onClick={() => update.mutate({ hide_values: hidden })}
      >
        Save hidden values
      </Button>
    </Paper>
  );
}

interface ValuesInputProps {
  label: string;
  options: string[];
  value: string[];
  onChange: (next: string[]) => void;
}

/** Several values: chosen from the key's raw values or typed (Enter adds one). */
function ValuesInput({ label, options, value, onChange }: ValuesInputProps) {
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      options={options}
      value={value}
      onChange={(_, next) => onChange(next)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
