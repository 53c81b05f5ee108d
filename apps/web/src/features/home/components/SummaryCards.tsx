import type { CostSummary } from '@finlens/contracts/cost-summary';
import { formatPercent } from '@finlens/cost-model/format';
import Box from '@mui/material/Box';
import { StatCard } from './StatCard';

interface SummaryCardsProps {
  summary: CostSummary | undefined;
  /** The expected month total, undefined while loading. */
  forecastTotal: number | undefined;
  money: (value: number) => string;
}

/** Month-to-date spend and its delta, the month's forecast, and the last 31 days against the 31 before. */
export function SummaryCards({ summary, forecastTotal, money }: SummaryCardsProps) {
  const cards = [
    {
      title: 'Month-to-date spend',
      value: summary && money(summary.mtd_spend),
      note:
        summary &&
        `${formatPercent(summary.mtd_delta_spend)} vs the same days last month · data through ${summary.as_of}`,
    },
    {
      title: 'Forecast for the month',
      value: forecastTotal === undefined ? undefined : money(forecastTotal),
      note: 'Actual so far plus a weekday forecast from the last 40 days',
    },
    {
      title: 'Last 31 days',
      value: summary && money(summary.interval_spend),
      note: summary && `${money(summary.previous_interval_spend)} in the 31 days before`,
    },
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
      {cards.map((card) => (
        <StatCard key={card.title} title={card.title} value={card.value} note={card.note} />
      ))}
    </Box>
  );
}
