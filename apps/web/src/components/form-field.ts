import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';

/**
 * Props that bind an MUI TextField to a react-hook-form field: the ref goes to the <input> (inputRef),
 * and the field's message shows as helper text.
 */
export function textFieldProps<T extends FieldValues, TOut extends FieldValues>(
  form: UseFormReturn<T, unknown, TOut>,
  name: Path<T>,
  options?: RegisterOptions<T, Path<T>>,
) {
  const { ref, ...rest } = form.register(name, options);
  const message = form.formState.errors[name]?.message;
  return {
    ...rest,
    inputRef: ref,
    id: `field-${name}`,
    error: message !== undefined,
    helperText: typeof message === 'string' ? message : undefined,
    fullWidth: true,
  };
}
