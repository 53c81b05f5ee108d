import type { CostDimension, CostQuery } from '@finlens/contracts/cost-query';
import { type ParsedDetailKey, parseSearchDetailKey } from '@finlens/contracts/search';
import { COST_DIMENSION_CATALOGUE } from '@finlens/cost-model/cost-dimensions';
import { formatMoney } from '@finlens/cost-model/format';
import { presetRange } from '@finlens/cost-model/range-presets';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { Chart } from '../../components/Chart';
import { DEMO_BLUR_SX, useDemoModeStore } from '../../components/demo-mode';
import { useCostQuery } from '../cost-explorer/api/cost-query';
import { explorerHref } from '../cost-explorer/api/explorer-href';
import { BreakdownCard } from './components/BreakdownCard';
import { TagsCard } from './components/TagsCard';
import { detailFilter } from './search-view';

const DETAIL_RANGE = '30D' as const;
/** The dimensions a detail page breaks its cost down by (its own dimension left out). */
const BREAKDOWNS: CostDimension[] = [
  'product_servicename',
  'line_item_usage_account_id',
  'product_region',
  'line_item_usage_type',
  'line_item_resource_id',
];
const BLURRED: CostDimension[] = ['line_item_resource_id', 'resource_name', 'line_item_usage_account_id'];

function detailQuery(detail: ParsedDetailKey, today: Date): CostQuery {
  return {
    ...presetRange(DETAIL_RANGE, today),
    granularity: 'day',
    dimension: null,
    cost_type: 'unblended',
    filters: [detailFilter(detail)],
    top_n: 1,
  };
}

/** /v3/search/detail/:key/: one resource, account, service, region or tag value over the last 30 days. */
export function SearchDetailPage() {
  const { key = '' } = useParams();
  const detail = parseSearchDetailKey(key);
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Search Details
      </Typography>
      {detail === null ? (
        <Alert severity="warning">This address names no resource, account, service, region or tag.</Alert>
      ) : (
        <DetailBody detail={detail} />
      )}
    </Box>
  );
}

function DetailBody({ detail }: { detail: ParsedDetailKey }) {
  const demo = useDemoModeStore((state) => state.on);
  const query = detailQuery(detail, new Date());
  const daily = useCostQuery(query);
  const field = COST_DIMENSION_CATALOGUE[detail.dimension].label;
  const title = detail.tagKey === null ? detail.value : `${detail.tagKey}=${detail.value}`;
  const chartData = daily.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography
          variant="h5"
          component="h2"
          sx={demo && BLURRED.includes(detail.dimension) ? DEMO_BLUR_SX : {}}
        >
          {title}
        </Typography>
        <Typography color="text.secondary">{field}</Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          component={RouterLink}
          to={explorerHref({
            query: { ...query, dimension: 'product_servicename', top_n: 10 },
            range: DETAIL_RANGE,
          })}
        >
          Open in Explorer
        </Button>
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h3">
            Cost over the last 30 days
            {chartData === undefined ? '' : `: ${formatMoney(chartData.total, chartData.currency)}`}
          </Typography>
          {daily.isError ? (
            <Alert severity="error">{daily.error.message}</Alert>
          ) : chartData === undefined ? (
            <Skeleton variant="rectangular" height={280} />
          ) : (
            <Chart
              kind="bar"
              label={`Daily cost of ${title}`}
              height={280}
              categories={chartData.periods.map((period) => period.slice(5, 10))}
              series={chartData.series.map((s) => ({ name: 'Cost', values: s.costs }))}
              forecast={chartData.forecast}
              formatValue={(value) => formatMoney(value, chartData.currency)}
            />
          )}
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {BREAKDOWNS.filter((dimension) => dimension !== detail.dimension).map((dimension) => (
          <BreakdownCard key={dimension} query={query} dimension={dimension} />
        ))}
        {detail.tagKey === null ? <TagsCard query={query} /> : null}
      </Box>
    </Box>
  );
}
