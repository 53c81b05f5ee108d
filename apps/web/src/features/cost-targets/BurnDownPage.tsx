import { type BurnDown, DEFAULT_TARGET_MONTHS } from '@finlens/contracts/cost-targets';
import { formatMoney, formatUtcDate } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Chart } from '../../components/Chart';
import { useBurnDown } from './api/burn-down-query';
import { useTargets } from './api/targets-query';
import { OperatePackageGate } from './OperatePackageGate';
import { burnDownChart, periodStarts } from './target-view';

/** The period's closing figures in words (what the chart shows, for screen readers too). */
function burnDownSummary(burn: BurnDown): string {
  const last = burn.days.at(-1);
  const actual = burn.days.findLast((day) => day.actual !== null)?.actual ?? 0;
  const forecast =
    last?.forecast == null
      ? ''
      : `; forecast ${formatMoney(last.forecast)} (${formatMoney(last.forecast_low)} – ${formatMoney(last.forecast_high)})`;
  return `Actual ${formatMoney(actual)} to ${formatUtcDate(burn.as_of, 'dayMonthYear')} of a ${formatMoney(burn.budget)} budget${forecast}`;
}

/**
 * /v3/burn-down-tracker/ — one target's current period day by day: cumulative actual, the plan and the
 * forecast with its band. The target is in the URL (?target=), the first one by default.
 */
export function BurnDownPage() {
  const targets = useTargets();
  const [params, setParams] = useSearchParams();
  const list = targets.data ?? [];
  const chosen = list.find((t) => t.id === params.get('target')) ?? list[0] ?? null;
  const periods = chosen === null ? [] : periodStarts(chosen, DEFAULT_TARGET_MONTHS);
  const periodParam = params.get('period');
  const period = periodParam !== null && periods.includes(periodParam) ? periodParam : null;
  const burn = useBurnDown(chosen?.id ?? null, period);
  const chart = useMemo(() => (burn.data ? burnDownChart(burn.data) : null), [burn.data]);
  const choose = (changes: { target: string } | { period: string }) =>
    setParams(
      (current) => {
        if ('target' in changes) {
          current.set('target', changes.target);
          current.delete('period');
        } else current.set('period', changes.period);
        return current;
      },
      { replace: true },
    );

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h5" component="h1">
        Cloud and SaaS Contract Tracker
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The burn-down of a cost target: cumulative actual cost against the plan and the forecast.
      </Typography>
      <OperatePackageGate>
        {targets.isPending ? (
          <Skeleton variant="rounded" height={56} aria-label="Loading cost targets" />
        ) : targets.isError ? (
          <Alert severity="error">{targets.error.message}</Alert>
        ) : chosen === null ? (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography gutterBottom>No cost targets yet.</Typography>
            <Button component={RouterLink} to="/v3/create-target/" variant="contained">
              New target
            </Button>
          </Paper>
        ) : (
          <>
            <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
              <TextField
                select
                label="Target"
                size="small"
                value={chosen.id}
                onChange={(event) => choose({ target: event.target.value })}
                sx={{ width: 300 }}
              >
                {list.map((t) => (
                  <MenuItem key={t.id} value={t.id}>
                    {t.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Period"
                size="small"
                value={period ?? burn.data?.period_start ?? ''}
                onChange={(event) => choose({ period: event.target.value })}
                sx={{ width: 220 }}
              >
                {periods.map((start) => (
                  <MenuItem key={start} value={start}>
                    {formatUtcDate(start, chosen.period === 'MONTHLY' ? 'monthYear' : 'dayMonthYear')}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {burn.isError ? <Alert severity="error">{burn.error.message}</Alert> : null}
            {burn.data === undefined || chart === null ? (
              burn.isError ? null : (
                <Skeleton variant="rounded" height={360} aria-label="Loading the burn-down" />
              )
            ) : (
              <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Burn-down">
                <Typography variant="subtitle1" component="h2">
                  {formatUtcDate(burn.data.period_start, 'dayMonthYear')} –{' '}
                  {formatUtcDate(burn.data.period_end, 'dayMonthYear')}
                </Typography>
                <Typography variant="body2" color="text.secondary" gutterBottom>
                  {burnDownSummary(burn.data)}
                </Typography>
                <Chart
                  kind="line"
                  label={`Cumulative cost of ${chosen.name}: ${burnDownSummary(burn.data)}`}
                  formatValue={formatMoney}
                  {...chart}
                />
              </Paper>
            )}
          </>
        )}
      </OperatePackageGate>
    </Stack>
  );
}
