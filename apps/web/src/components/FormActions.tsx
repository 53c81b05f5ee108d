import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

interface FormActionsProps {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  /** Cancel is disabled while the call runs (the dialog cannot be left half-saved). */
  lockWhilePending?: boolean;
  color?: 'primary' | 'error';
}

/** The footer of a form dialog: Cancel and the submit button, which shows the call in flight. */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
  lockWhilePending = false,
  color,
}: FormActionsProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={lockWhilePending && pending}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" color={color} loading={pending}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

/** The Save button of a settings form: shows the call in flight, disabled until something changed. */
export function SaveButton({ form }: { form: { formState: { isSubmitting: boolean; isDirty: boolean } } }) {
  return (
    <Box>
      <Button
        type="submit"
        variant="contained"
        loading={form.formState.isSubmitting}
        disabled={!form.formState.isDirty}
      >
        Save
      </Button>
    </Box>
  );
}
