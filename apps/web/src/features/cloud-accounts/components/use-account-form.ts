import type { CloudAccount, CloudAccountCreate } from '@finlens/contracts/cloud-accounts';
import { useState } from 'react';
import { useSaveAccountMutation } from '../api/save-account-mutation';
import { contractErrors, type FieldMessages, serverErrors } from './account-form';

/**
 * The state of an account dialog: the typed values, the messages under each field (the contract's checks
 * and the dialog's own `extra` ones before sending, then the server's), and saving.
 */
export function useAccountForm<F extends string>(
  account: CloudAccount | null,
  initial: Record<F, string>,
  onClose: () => void,
) {
  const save = useSaveAccountMutation();
  const [values, setValues] = useState(initial);
  const [clientErrors, setClientErrors] = useState<FieldMessages>({});
  const server = save.isError
    ? serverErrors(save.error, Object.keys(initial))
    : { fields: {} as FieldMessages, form: null };

  /** True when the body passes every check; otherwise the messages show under their fields. */
  const validate = (body: CloudAccountCreate, extra: FieldMessages = {}): boolean => {
    const errors = { ...contractErrors(body), ...extra };
    setClientErrors(errors);
    return Object.keys(errors).length === 0;
  };
  const close = () => {
    save.reset();
    onClose();
  };
  return {
    values,
    setValue: (field: F, value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      setClientErrors(({ [field]: _edited, ...rest }) => rest);
    },
    messagesOf: (field: F): string[] | undefined => clientErrors[field] ?? server.fields[field],
    formError: server.form,
    pending: save.isPending,
    validate,
    close,
    submit: (body: CloudAccountCreate, extra: FieldMessages = {}) => {
      if (validate(body, extra)) save.mutate({ id: account?.id ?? null, body }, { onSuccess: close });
    },
  };
}

export type AccountForm<F extends string> = ReturnType<typeof useAccountForm<F>>;
