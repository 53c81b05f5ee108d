import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** The callback URL to register at the identity provider, read-only with a copy button. */
export function RedirectUriField({ redirectUri }: { redirectUri: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(redirectUri);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="Redirect URI"
        value={redirectUri}
        fullWidth
        helperText={
          copied === 'failed'
            ? 'Copying failed; select the address and copy it by hand.'
            : 'Register this address at the identity provider as the redirect (callback) URI.'
        }
        error={copied === 'failed'}
        slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopy />}
        onClick={() => void copy()}
        sx={{ flexShrink: 0, mt: 1 }}
      >
        {copied === 'copied' ? 'Copied' : 'Copy'}
      </Button>
    </Stack>
  );
}
