import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { FormActions } from '../../../components/FormActions';
import { DialogConnectionCheck } from './ConnectionCheck';
import type { AccountForm } from './use-account-form';

/** The dialog around an account form: title, the form's own error, its fields, Test connection, Save. */
export function AccountDialogFrame({
  title,
  formLabel,
  form,
  children,
}: {
  title: string;
  formLabel: string;
  form: Pick<AccountForm<string>, 'formError' | 'pending' | 'close' | 'submit' | 'checkTarget'>;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={form.close} aria-labelledby="account-dialog-title" fullWidth maxWidth="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
        noValidate
        aria-label={formLabel}
      >
        <DialogTitle id="account-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {form.formError === null ? null : <Alert severity="error">{form.formError}</Alert>}
            {children}
            <DialogConnectionCheck target={form.checkTarget} />
          </Stack>
        </DialogContent>
        <FormActions submitLabel="Save" pending={form.pending} onCancel={form.close} />
      </form>
    </Dialog>
  );
}

/** A text field of an account form, with its messages (or the helper) under it. */
export function AccountField<F extends string>({
  form,
  name,
  label,
  helper,
  messages = form.messagesOf(name),
  ...props
}: {
  form: Pick<AccountForm<F>, 'values' | 'setValue' | 'messagesOf'>;
  name: F;
  label: string;
  helper?: string;
  messages?: string[] | undefined;
} & Pick<TextFieldProps, 'type' | 'autoComplete' | 'placeholder' | 'disabled'>) {
  return (
    <TextField
      id={`account-${name}`}
      label={label}
      value={form.values[name]}
      onChange={(event) => form.setValue(name, event.target.value)}
      error={messages !== undefined && messages.length > 0}
      helperText={messages?.join(' ') ?? helper}
      fullWidth
      {...props}
    />
  );
}

/** How Finlens reaches the bucket or container: one choice of credentials, its fields below. */
export function AccessChoice<A extends string>({
  value,
  options,
  onChange,
}: {
  value: A;
  options: Record<A, string>;
  onChange: (value: A) => void;
}) {
  return (
    <RadioGroup row aria-label="Access" value={value} onChange={(_event, chosen) => onChange(chosen as A)}>
      {(Object.keys(options) as A[]).map((option) => (
        <FormControlLabel key={option} value={option} control={<Radio />} label={options[option]} />
      ))}
    </RadioGroup>
  );
}
