import type { PasswordContext } from '@finlens/cost-model/password-rules';
import TextField from '@mui/material/TextField';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { textFieldProps } from './form-field';
import { PasswordChecklist } from './PasswordChecklist';

interface NewPasswordFieldsProps<T extends FieldValues, TOut extends FieldValues> {
  form: UseFormReturn<T, unknown, TOut>;
  /** The new password and its confirmation. */
  names: readonly [Path<T>, Path<T>];
  labels: readonly [string, string];
  context?: PasswordContext;
}

/** A new password, the live spec §5 checklist under it, and the confirmation (sign-up, reset, change). */
export function NewPasswordFields<T extends FieldValues, TOut extends FieldValues>({
  form,
  names,
  labels,
  context,
}: NewPasswordFieldsProps<T, TOut>) {
  const password: unknown = form.watch(names[0]);
  return (
    <>
      <TextField
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        {...textFieldProps(form, names[0])}
      />
      <PasswordChecklist password={typeof password === 'string' ? password : ''} context={context} />
      <TextField
        label={labels[1]}
        type="password"
        autoComplete="new-password"
        {...textFieldProps(form, names[1])}
      />
    </>
  );
}
