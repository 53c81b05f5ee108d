import type { Rule } from '@finlens/contracts/recommendations';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { fieldErrorsOf } from '../../components/form-errors';
import { useSaveRule } from './api/essentials-query';

/**
 * An admin edits one rule for the client: on or off, and each threshold (empty: the anchor's default). The server
 * checks the ranges; its 400 names `thresholds.<key>`, shown under that field. Saving re-evaluates.
 */
export function RuleEditDialog({ rule, onClose }: { rule: Rule; onClose: () => void }) {
  const save = useSaveRule(rule.key);
  const [enabled, setEnabled] = useState(rule.enabled);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(rule.thresholds.map((t) => [t.key, t.overridden ? String(t.value) : ''])),
  );
  const errors = fieldErrorsOf(save.error);
  const placed = Object.keys(errors).every((field) => field.startsWith('thresholds.'));
  const submit = () => {
    const thresholds: Record<string, number | null> = {};
    for (const t of rule.thresholds) {
      const text = (values[t.key] ?? '').trim();
      thresholds[t.key] = text === '' ? null : Number(text);
    }
    save.mutate({ enabled, thresholds }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby="rule-edit-title" fullWidth>
      <DialogTitle id="rule-edit-title">{rule.name}</DialogTitle>
      <DialogContent>
        {save.isError && (!placed || Object.keys(errors).length === 0) ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {save.error.message}
          </Alert>
        ) : null}
        <FormControlLabel
          control={<Checkbox checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
          label="Rule enabled"
        />
        <Stack spacing={2} sx={{ mt: 1 }}>
          {rule.thresholds.map((t) => {
            const error = errors[`thresholds.${t.key}`]?.[0];
            return (
              <TextField
                key={t.key}
                size="small"
                type="number"
                label={`${t.label} (${t.unit})`}
                value={values[t.key] ?? ''}
                placeholder={String(t.default)}
                onChange={(e) => setValues({ ...values, [t.key]: e.target.value })}
                error={error !== undefined}
                helperText={error ?? `Default ${t.default}; from ${t.min} to ${t.max}. Empty: the default.`}
                slotProps={{ htmlInput: { step: 'any' } }}
              />
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" loading={save.isPending} onClick={submit}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
