import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** CONVENTIONS §9: a client without accounts sees how to connect one, never a blank page. */
export function EmptyAccounts() {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        Connect your first AWS account
      </Typography>
      <ol>
        <li>Add the account with the S3 bucket that will receive its CUR 2.0 export.</li>
        <li>
          Download the CloudFormation template (or the Terraform snippet) and deploy it in us-east-1 with the
          ARN of the principal Finlens runs as.
        </li>
        <li>Paste the role ARN it outputs into the account and test the connection.</li>
        <li>AWS delivers the first export within 24 hours; Import now fetches new data at once.</li>
      </ol>
      <Typography variant="body2" color="text.secondary">
        Have a billing file already? Upload a CUR, FOCUS or Azure export into an account.
      </Typography>
    </Paper>
  );
}
