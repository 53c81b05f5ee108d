import type { CreatedApiKey } from '@finlens/contracts/api-keys';
import { TOKEN_KEY_HEADER } from '@finlens/contracts/session';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

/** Shows a new key's secret, the only time it is visible, with a copy button and a warning. */
export function CreatedKeyDialog({
  created,
  onClose,
}: {
  created: CreatedApiKey | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    if (created === null) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const close = () => {
    setCopied('idle');
    onClose();
  };
  return (
    <Dialog
      open={created !== null}
      onClose={close}
      aria-labelledby="created-key-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="created-key-title">{`API key "${created?.name ?? ''}" created`}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy this key now. It is shown only once and cannot be retrieved later.
        </Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label="Secret key"
            value={created?.key ?? ''}
            fullWidth
            slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
          />
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
            {copied === 'copied' ? 'Copied' : 'Copy'}
          </Button>
        </Stack>
        {copied === 'failed' ? (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            Copying failed; select the key and copy it by hand.
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {`Send it in the ${TOKEN_KEY_HEADER} header of API requests. It acts as you in this organisation.`}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
