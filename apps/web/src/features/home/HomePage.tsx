import type { CostQuery, CostQueryResult } from '@finlens/contracts/cost-query';
import { formatMoney, formatPercent } from '@finlens/cost-model/format';
import { dataDelayNotice } from '@finlens/cost-model/range-presets';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Chart } from '../../components/Chart';
import { useDemoModeStore } from '../../components/demo-mode';
import { useStartupStore } from '../../lib/startup-store';
import { useCostQuery } from '../cost-explorer/api/cost-query';
import { useCostSummary } from '../cost-summary/api/cost-summary-query';
import { CostListCard, type CostListRow } from './components/CostListCard';
import { EmptyHome } from './components/EmptyHome';
import { SummaryCards } from './components/SummaryCards';
import { groupExplorerHref } from './home-links';
import { homeQueries } from './home-queries';
import { actualDays, biggestMovers, monthOutlook, outlookChart, topGroups } from './home-transforms';

const TOP = 5;

/** /v3/home: this month's spend, its forecast and day-by-day chart, the top services and accounts, the movers. */
export function HomePage() {
  const [today] = useState(() => new Date());
  const hasProject = useStartupStore((state) => state.hasProject);
  const notice = dataDelayNotice(today);
  return (
    <Box component="section" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h4" component="h1">
        Home
      </Typography>
      {notice === null ? null : <Alert severity="info">{notice.message}</Alert>}
      {hasProject ? <HomeCards today={today} /> : <EmptyHome reason="no_project" />}
    </Box>
  );
}

type ListDimension = 'product_servicename' | 'line_item_usage_account_id';

/** The top groups of an answer as list rows: cost and share, each linking to its Explorer view. */
function topGroupRows(
  result: CostQueryResult,
  query: CostQuery,
  dimension: ListDimension,
  money: (value: number) => string,
): CostListRow[] {
  return topGroups(result, TOP).map((group) => ({
    id: group.key ?? '',
    label: group.label,
    href: groupExplorerHref(query, dimension, group.key),
    cells: [money(group.total), `${(group.share * 100).toFixed(1)}%`],
  }));
}

/** The services that moved most, with their cost now and the signed change (red up, green down). */
function moverRows(
  current: CostQueryResult,
  previous: CostQueryResult,
  query: CostQuery,
  money: (value: number) => string,
): CostListRow[] {
  return biggestMovers(current, previous, TOP).map((mover) => {
    const percent = mover.percent === null ? 'new' : formatPercent(mover.percent);
    const change = `${mover.change > 0 ? '+' : '-'}${money(Math.abs(mover.change))} (${percent})`;
    return {
      id: mover.key ?? '',
      label: mover.label,
      href: groupExplorerHref(query, 'product_servicename', mover.key),
      cells: [
        money(mover.current),
        <Box key="change" component="span" sx={{ color: mover.change > 0 ? 'error.main' : 'success.main' }}>
          {change}
        </Box>,
      ],
    };
  });
}

function HomeCards({ today }: { today: Date }) {
  const demo = useDemoModeStore((state) => state.on);
  const queries = homeQueries(today);
  const summary = useCostSummary();
  const daily = useCostQuery(queries.daily);
  const services = useCostQuery(queries.services);
  const previousServices = useCostQuery(queries.previousServices);
  const accounts = useCostQuery(queries.accounts);
  if (summary.data?.as_of === null) return <EmptyHome reason="no_data" />;

  const currency = summary.data?.currency ?? daily.data?.currency ?? 'USD';
  const money = (value: number) => formatMoney(value, currency);
  const outlook =
    daily.data === undefined ? undefined : monthOutlook(actualDays(daily.data), daily.data.as_of, today);
  const errorOf = (query: { error: Error | null }) => query.error?.message ?? null;
  const groupRows = (result: CostQueryResult | undefined, dimension: ListDimension) =>
    result && topGroupRows(result, queries.services, dimension, money);
  const movers =
    services.data && previousServices.data
      ? moverRows(services.data, previousServices.data, queries.services, money)
      : undefined;

  return (
    <>
      <SummaryCards summary={summary.data} forecastTotal={outlook?.total} money={money} />
      {summary.isError ? <Alert severity="error">{summary.error.message}</Alert> : null}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Spend by day
          </Typography>
          <Typography variant="body2" color="text.secondary">
            This month; hatched days are forecast
          </Typography>
          {daily.isError ? (
            <Alert severity="error">{daily.error.message}</Alert>
          ) : outlook === undefined ? (
            <Skeleton variant="rectangular" height={300} />
          ) : (
            <Chart
              kind="bar"
              label="Spend by day this month"
              height={300}
              {...outlookChart(outlook)}
              formatValue={money}
            />
          )}
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' }, gap: 2 }}>
        <CostListCard
          title="Top services"
          subtitle="Last 30 days"
          rows={groupRows(services.data, 'product_servicename')}
          error={errorOf(services)}
        />
        <CostListCard
          title="Top accounts"
          subtitle="Last 30 days"
          rows={groupRows(accounts.data, 'line_item_usage_account_id')}
          error={errorOf(accounts)}
          blur={demo}
        />
        <CostListCard
          title="Biggest movers"
          subtitle="Services, last 30 days against the 30 before"
          rows={movers}
          error={errorOf(services) ?? errorOf(previousServices)}
        />
      </Box>
    </>
  );
}
