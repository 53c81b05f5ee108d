import { type CloudAccount, UPLOAD_EXTENSIONS } from '@finlens/contracts/cloud-accounts';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useUploadBillingFileMutation } from '../api/upload-billing-file-mutation';

/** Uploads a CUR, FOCUS or Azure file into one account; shows the run it produced or the refusal. */
export function UploadDialog({
  open,
  accounts,
  onClose,
}: {
  open: boolean;
  accounts: CloudAccount[];
  onClose: () => void;
}) {
  const upload = useUploadBillingFileMutation();
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const close = () => {
    upload.reset();
    setFile(null);
    onClose();
  };
  const run = upload.data;
  const total = run?.totals.reduce((sum, period) => sum + (period.totals.unblended ?? 0), 0) ?? 0;
  return (
    <Dialog open={open} onClose={close} aria-labelledby="upload-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="upload-dialog-title">Upload a billing file</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {upload.isError ? <Alert severity="error">{upload.error.message}</Alert> : null}
          {run === undefined ? null : (
            <Alert severity="success">
              Imported {run.rows ?? 0} rows for {run.periods.join(', ')} (unblended {formatMoney(total)}).
            </Alert>
          )}
          <TextField
            select
            label="Account"
            value={accountId}
            onChange={(event) => setAccountId(event.target.value)}
          >
            {accounts.map((account) => (
              <MenuItem key={account.id} value={account.id}>
                {account.name}
              </MenuItem>
            ))}
          </TextField>
          <input
            type="file"
            aria-label="Billing file"
            accept={UPLOAD_EXTENSIONS.join(',')}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        <Button
          variant="contained"
          disabled={file === null || accountId === ''}
          loading={upload.isPending}
          onClick={() => {
            if (file !== null) upload.mutate({ accountId, file });
          }}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
