import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** One headline figure of a dashboard: its label over its value, named by the label. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 160 }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6">{value}</Typography>
    </Paper>
  );
}
