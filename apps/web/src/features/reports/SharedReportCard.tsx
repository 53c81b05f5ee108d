import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useSharedReport } from './api/shared-report-query';
import { explorerUrlOf, scheduleSummary } from './report-view';

/** What a share link (`?share_code=`) opens: the report, read-only, with its view in the Explorer. */
export function SharedReportCard({ code }: { code: string }) {
  const shared = useSharedReport(code);
  if (shared.isPending)
    return <Skeleton variant="rounded" height={96} aria-label="Loading the shared report" />;
  if (shared.isError || shared.data === null)
    return (
      <Alert severity="warning">This share link does not open a report (it may have been revoked).</Alert>
    );
  const report = shared.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="region" aria-label="Shared report">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {report.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Shared by {report.owner.name || report.owner.email} · {scheduleSummary(report.schedule)} ·
            read-only
          </Typography>
        </Stack>
        <Button variant="contained" component={RouterLink} to={explorerUrlOf(report)}>
          Open in the Explorer
        </Button>
      </Stack>
    </Paper>
  );
}
