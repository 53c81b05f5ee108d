import type { CostDimension } from '@finlens/contracts/cost-query';
import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import {
  type ChangeInsight,
  INSIGHT_KINDS,
  type Insight,
  type Insights,
  type ShiftInsight,
} from '@finlens/contracts/insights';
import { COST_DIMENSION_CATALOGUE } from '@finlens/cost-model/cost-dimensions';
import { formatMoney, formatPercent } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DEMO_BLUR_SX, useDemoModeStore } from '../../components/demo-mode';
import { RangePresetSelect } from '../../components/RangePresetSelect';
import { DEMO_BLURRED_DIMENSIONS } from '../cost-explorer/transforms';
import { useInsights } from './api/insights-query';
import {
  INSIGHT_RANGES,
  type InsightRange,
  insightDates,
  insightExplorerHref,
  KIND_TITLES,
  rangeFromParams,
} from './insight-view';

const dimensionName = (dimension: string) =>
  COST_DIMENSION_CATALOGUE[dimension as CostDimension]?.label ?? dimension;

/** "Cost insights" tab: the answer of /c/cost_page/insights/ for a range preset, as cards grouped by kind. */
export function CostInsightsPanel() {
  const [today] = useState(() => new Date());
  const [searchParams, setSearchParams] = useSearchParams();
  const range = rangeFromParams(searchParams);
  const insights = useInsights(insightDates(range, today));
  const setRange = (next: InsightRange) =>
    setSearchParams((params) => {
      params.set('range', next);
      return params;
    });
  const result = insights.data;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <RangePresetSelect presets={INSIGHT_RANGES} value={range} onChange={setRange} />
        {result ? <PeriodSummary result={result} /> : null}
      </Stack>
      {insights.isError ? (
        <Alert severity="error">{insights.error.message}</Alert>
      ) : result === undefined ? (
        <Stack spacing={2} aria-busy="true" aria-label="Loading insights">
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : (
        <>
          {insights.isPlaceholderData ? <LinearProgress aria-label="Loading insights" /> : null}
          <InsightSections result={result} />
        </>
      )}
    </Stack>
  );
}

function PeriodSummary({ result }: { result: Insights }) {
  const change = result.total - result.previous_total;
  return (
    <Typography aria-label="Period totals">
      {result.start_date} – {result.end_date}: {formatMoney(result.total, result.currency)} against{' '}
      {formatMoney(result.previous_total, result.currency)} in {result.previous_start_date} –{' '}
      {result.previous_end_date}
      {result.previous_total === 0 ? '' : ` (${formatPercent((change / result.previous_total) * 100)})`}
    </Typography>
  );
}

function InsightSections({ result }: { result: Insights }) {
  if (result.insights.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography>
          {result.total === 0 && result.previous_total === 0
            ? ERROR_MESSAGES.emptyTable
            : 'No notable changes between the two periods.'}
        </Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={3}>
      {INSIGHT_KINDS.map((kind) => {
        const cards = result.insights.filter((insight) => insight.kind === kind);
        if (cards.length === 0) return null;
        const headingId = `insights-${kind}`;
        return (
          <section key={kind} aria-labelledby={headingId}>
            <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1 }}>
              {KIND_TITLES[kind]}
            </Typography>
            <Stack
              component="ul"
              direction="row"
              sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}
            >
              {cards.map((insight) => (
                <li key={`${insight.dimension}:${cardTitle(insight)}`}>
                  <InsightCard insight={insight} currency={result.currency} />
                </li>
              ))}
            </Stack>
          </section>
        );
      })}
    </Stack>
  );
}

function cardTitle(insight: Insight): string {
  return 'from' in insight ? `${insight.from.label} → ${insight.to.label}` : insight.label;
}

function InsightCard({ insight, currency }: { insight: Insight; currency: string }) {
  const title = cardTitle(insight);
  // Spec §4: demo mode blurs account (and resource) values.
  const demo = useDemoModeStore((state) => state.on);
  const blur = demo && DEMO_BLURRED_DIMENSIONS.has(insight.dimension as CostDimension);
  return (
    <Card variant="outlined" sx={{ width: 300, height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="overline" color="text.secondary">
          {dimensionName(insight.dimension)}
        </Typography>
        <Typography
          variant="subtitle1"
          component="h3"
          sx={{ wordBreak: 'break-word', ...(blur ? DEMO_BLUR_SX : {}) }}
        >
          {title}
        </Typography>
        {'from' in insight ? (
          <ShiftNumbers insight={insight} currency={currency} />
        ) : (
          <ChangeNumbers insight={insight} currency={currency} />
        )}
      </CardContent>
      <CardActions>
        <Button
          size="small"
          component={RouterLink}
          to={insightExplorerHref(insight)}
          aria-label={`Open ${title} in Explorer`}
        >
          Open in Explorer
        </Button>
      </CardActions>
    </Card>
  );
}

function ChangeNumbers({ insight, currency }: { insight: ChangeInsight; currency: string }) {
  return (
    <>
      <Typography variant="h6" component="p" color={insight.change > 0 ? 'error.main' : 'success.main'}>
        {insight.change > 0 ? '+' : ''}
        {formatMoney(insight.change, currency)}
        {insight.change_percent === null ? '' : ` (${formatPercent(insight.change_percent)})`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatMoney(insight.previous, currency)} → {formatMoney(insight.current, currency)}
      </Typography>
    </>
  );
}

function ShiftNumbers({ insight, currency }: { insight: ShiftInsight; currency: string }) {
  return (
    <>
      <Typography variant="h6" component="p">
        {formatMoney(insight.amount, currency)} moved
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {insight.from.label}: {formatMoney(insight.from.previous, currency)} →{' '}
        {formatMoney(insight.from.current, currency)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {insight.to.label}: {formatMoney(insight.to.previous, currency)} →{' '}
        {formatMoney(insight.to.current, currency)}
      </Typography>
    </>
  );
}
