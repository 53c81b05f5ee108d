import type { ConnectionCheck as Check } from '@finlens/contracts/cloud-accounts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { UseMutationResult } from '@tanstack/react-query';
import { type CheckTarget, useCheckSettingsMutation } from '../api/check-settings-mutation';

/** The outcome of a connection test: billing periods found, or the problems the server met. */
export function ConnectionCheckResult({
  check,
}: {
  check: Pick<UseMutationResult<Check>, 'error' | 'data'>;
}) {
  if (check.error !== null) return <Alert severity="error">{check.error.message}</Alert>;
  if (check.data === undefined) return null;
  const { ok, periods, problems } = check.data;
  return ok ? (
    <Alert severity="success">Connected: {periods.length} billing period(s) found.</Alert>
  ) : (
    <Alert severity="error">{problems.join(' ')}</Alert>
  );
}

/**
 * A dialog's Test connection: `target` returns what to test, or null when the form has mistakes to fix
 * first (the dialog shows them).
 */
export function DialogConnectionCheck({ target }: { target: () => CheckTarget | null }) {
  const check = useCheckSettingsMutation();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        loading={check.isPending}
        onClick={() => {
          const chosen = target();
          if (chosen === null) check.reset();
          else check.mutate(chosen);
        }}
      >
        Test connection
      </Button>
      <ConnectionCheckResult check={check} />
    </Stack>
  );
}
