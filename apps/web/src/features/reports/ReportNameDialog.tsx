import { reportCreateSchema } from '@finlens/contracts/reports';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../components/FormActions';

interface ReportNameDialogProps {
  /** "New report", "Rename report", "Duplicate report", "Save as report". */
  title: string;
  submitLabel: string;
  initialName: string;
  pending: boolean;
  /** The failed call's message (spec §8). */
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

const nameSchema = reportCreateSchema.shape.name;

/** Asks for a report's name (checked with the contract's rule) for create, rename, duplicate and save. */
export function ReportNameDialog(props: ReportNameDialogProps) {
  const { title, submitLabel, initialName, pending, error, onSubmit, onClose } = props;
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Enter a name.');
    setProblem(null);
    onSubmit(parsed.data);
  };
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby="report-name-title"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogTitle id="report-name-title">{title}</DialogTitle>
        <DialogContent>
          {error === null ? null : (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label="Report name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={problem !== null}
            helperText={problem ?? ' '}
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onClose} lockWhilePending />
      </form>
    </Dialog>
  );
}
