import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { coverageText } from './tag-view';

/** A coverage percentage as a bar with its figure; '-' when the window had no cost. */
export function CoverageBar({ value, label }: { value: number | null; label: string }) {
  const text = coverageText(value);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', py: 0.5 }}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.max(0, value ?? 0))}
        aria-label={`${label} ${text}`}
        color={value !== null && value < 50 ? 'warning' : 'primary'}
        sx={{ flexGrow: 1, height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" sx={{ minWidth: 48, textAlign: 'right' }}>
        {text}
      </Typography>
    </Box>
  );
}
