import type { TargetPeriodStatus } from '@finlens/contracts/cost-targets';
import { formatMoney } from '@finlens/cost-model/format';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { barScale, STATUS_VIEW } from './target-view';

/** The status as a coloured chip that says it in words. */
export function StatusChip({ status }: { status: TargetPeriodStatus['status'] }) {
  const view = STATUS_VIEW[status];
  return <Chip size="small" label={view.text} color={view.color} variant="outlined" />;
}

/**
 * Actual against budget for the period: the bar fills with the actual (in the status colour), a vertical
 * marker shows where the forecast lands and a thin line where the budget ends.
 */
export function TargetProgress({ name, current }: { name: string; current: TargetPeriodStatus }) {
  const scale = barScale(current);
  const used = current.percent_used === null ? '-' : `${current.percent_used.toFixed(1)}%`;
  const color = STATUS_VIEW[current.status].color;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 220 }}>
      <Box sx={{ position: 'relative', py: 0.5 }}>
        <LinearProgress
          variant="determinate"
          value={scale.actual}
          color={color}
          aria-label={`${name} ${formatMoney(current.actual)} of ${formatMoney(current.budget)} (${used})`}
          sx={{ height: 10, borderRadius: 1 }}
        />
        <Box
          aria-hidden
          title={`Budget ${formatMoney(current.budget)}`}
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `${scale.budget}%`,
            width: 2,
            bgcolor: 'text.primary',
          }}
        />
        <Box
          aria-hidden
          title={`Forecast ${formatMoney(current.forecast)}`}
          sx={{
            position: 'absolute',
            top: -2,
            bottom: -2,
            left: `calc(${scale.forecast}% - 1px)`,
            width: 0,
            borderLeft: 2,
            borderColor: `${color}.dark`,
            borderStyle: 'dashed',
          }}
        />
      </Box>
      <Typography variant="caption" color="text.secondary">
        {formatMoney(current.actual)} of {formatMoney(current.budget)} ({used}) · forecast{' '}
        {formatMoney(current.forecast)}
      </Typography>
    </Stack>
  );
}
