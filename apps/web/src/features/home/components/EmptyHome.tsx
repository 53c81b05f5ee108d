import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** Home without an account or without billing data yet: where to connect one, or how to try the demo. */
export function EmptyHome({ reason }: { reason: 'no_project' | 'no_data' }) {
  return (
    <Alert severity="info" sx={{ maxWidth: 720 }}>
      <AlertTitle>{reason === 'no_project' ? 'Connect a cloud account' : 'No billing data yet'}</AlertTitle>
      <Typography variant="body2" gutterBottom>
        {reason === 'no_project'
          ? 'Add an AWS account in Settings → AWS Accounts so Finlens can import its Cost and Usage Reports.'
          : 'Your accounts are connected, but no billing data has been imported yet. Imports run in the background; you can also upload a CUR file in Settings → AWS Accounts.'}
      </Typography>
      <Typography variant="body2" gutterBottom>
        To look around first, an administrator can create the demo organisation with{' '}
        <Box component="code">finlens demo</Box>.
      </Typography>
      <Button component={RouterLink} to="/v3/settings?tab=aws-accounts" variant="outlined" size="small">
        Go to AWS Accounts
      </Button>
    </Alert>
  );
}
