import Alert from '@mui/material/Alert';
import { useEffect, useRef } from 'react';
import { useVerifyEmailMutation } from '../api/verify-email-mutation';

/**
 * The emailed verification link lands on the sign-in screen with `verify_key` (ADR 0002): post the key
 * once, then say whether the address is verified; the sign-in form stays below.
 */
export function VerifyEmailNotice({ verifyKey }: { verifyKey: string }) {
  const verify = useVerifyEmailMutation();
  const posted = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    // Once per key, also under StrictMode's double effects: a key works only once.
    if (posted.current) return;
    posted.current = true;
    mutate({ key: verifyKey });
  }, [mutate, verifyKey]);

  if (verify.isSuccess) {
    return (
      <Alert severity="success" sx={{ mb: 2 }}>
        Your email address is verified. Sign in to continue.
      </Alert>
    );
  }
  if (verify.isError) {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {`${verify.error.message} The verification link is invalid, used or expired; sign in to have a new one sent.`}
      </Alert>
    );
  }
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      Verifying your email address…
    </Alert>
  );
}
