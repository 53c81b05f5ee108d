import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { usePublicConfig } from '../features/public-config/api/public-config-query';

interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
  /** The error that was caught, if any. */
  errorMessage: string | null;
}

/** Builds the mail the user sends; no server call, the user's own mail client sends it. */
export function feedbackMailto(options: {
  supportEmail: string;
  description: string;
  errorMessage: string | null;
  path: string;
}): string {
  const body = [
    options.description.trim() === '' ? '(no description)' : options.description.trim(),
    '',
    `Error: ${options.errorMessage ?? 'unknown'}`,
    `Path: ${options.path}`,
  ].join('\n');
  const subject = 'Finlens feedback: something went wrong';
  return `mailto:${options.supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** 'Report feedback' (spec §8): the user describes what happened and mails it to support. */
export function FeedbackDialog({ open, onClose, errorMessage }: FeedbackDialogProps) {
  const { supportEmail } = usePublicConfig();
  const location = useLocation();
  const [description, setDescription] = useState('');
  const titleId = useId();
  const href = feedbackMailto({
    supportEmail,
    description,
    errorMessage,
    path: location.pathname + location.search,
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Report feedback</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {`Tell us what you were doing when this happened. Send opens your mail app with a message to ${supportEmail}, including the error and this page's address.`}
        </DialogContentText>
        <TextField
          label="What happened?"
          multiline
          minRows={4}
          fullWidth
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" href={href} onClick={onClose}>
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
