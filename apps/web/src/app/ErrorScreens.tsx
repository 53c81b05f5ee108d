import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FeedbackDialog } from './FeedbackDialog';

const LOAD_ERROR_TEXT = 'Oh snap! Something went wrong, we are unable to load data.';

function ReportFeedbackButton({ message }: { message: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Report feedback
      </Button>
      <FeedbackDialog open={open} onClose={() => setOpen(false)} errorMessage={message} />
    </>
  );
}

/** Spec §2 component-level error: a widget failed, the page around it still works. */
export function ComponentErrorScreen({ message }: { message: string | null }) {
  return (
    <Box
      role="alert"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}
    >
      <Typography>{LOAD_ERROR_TEXT}</Typography>
      <ReportFeedbackButton message={message} />
    </Box>
  );
}

/** Spec §2 page-level error: the whole page failed to render. */
export function PageErrorScreen({ message }: { message: string | null }) {
  const navigate = useNavigate();
  return (
    <Box
      role="alert"
      sx={{
        p: 4,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        textAlign: 'center',
      }}
    >
      <Typography variant="h5" component="h1">
        {LOAD_ERROR_TEXT}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button variant="contained" onClick={() => navigate(-1)}>
          Go Back to Previous Page
        </Button>
        <Typography component="span">or</Typography>
        <ReportFeedbackButton message={message} />
      </Box>
    </Box>
  );
}
