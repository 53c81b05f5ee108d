import type { CloudAccount, CloudAccountSettings } from '@finlens/contracts/cloud-accounts';
import { useState } from 'react';
import type { CheckTarget } from '../api/check-settings-mutation';
import { useSaveAccountMutation } from '../api/save-account-mutation';
import { contractErrors, type FieldMessages, serverErrors } from './account-form';

/** Settings that leave out keys and credentials keep the stored ones (PATCH semantics of the API). */
const keepsStoredCredentials = (settings: CloudAccountSettings) =>
  !('keys' in settings) && !('credentials' in settings);

/**
 * The state of an account dialog: the typed values, the messages under each field (the contract's checks
 * and the dialog's `extraErrors` before sending, then the server's), saving and what Test connection tests.
 */
export function useAccountForm<F extends string>({
  account,
  initial,
  onClose,
  settingsOf,
  extraErrors = () => ({}),
}: {
  account: CloudAccount | null;
  initial: Record<F, string> & { name: string };
  onClose: () => void;
  settingsOf: (values: Record<F, string>) => CloudAccountSettings;
  extraErrors?: (values: Record<F, string>) => FieldMessages;
}) {
  const save = useSaveAccountMutation();
  const [values, setValues] = useState(initial);
  const [clientErrors, setClientErrors] = useState<FieldMessages>({});
  const server = save.isError
    ? serverErrors(save.error, Object.keys(initial))
    : { fields: {} as FieldMessages, form: null };
  const body = () => ({ name: values.name.trim(), settings: settingsOf(values) });
  /** The body when it passes every check; otherwise null, and the messages show under their fields. */
  const checked = () => {
    const current = body();
    const errors = { ...contractErrors(current), ...extraErrors(values) };
    setClientErrors(errors);
    return Object.keys(errors).length === 0 ? current : null;
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
    close,
    submit: () => {
      const current = checked();
      if (current !== null) save.mutate({ id: account?.id ?? null, body: current }, { onSuccess: close });
    },
    /** Stored credentials never come back to the browser: with them kept, the saved settings are tested. */
    checkTarget: (): CheckTarget | null => {
      const current = checked();
      if (current === null) return null;
      return account?.source?.has_credentials === true && keepsStoredCredentials(current.settings)
        ? { accountId: account.id }
        : { settings: current.settings };
    },
  };
}

export type AccountForm<F extends string> = ReturnType<typeof useAccountForm<F>>;
