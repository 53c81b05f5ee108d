import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { Chart } from '../../components/Chart';
import { useResourceCost } from './api/resource-cost-query';
import { useResourceMetrics } from './api/resource-metrics-query';
import { resourceExplorerHref } from './resource-links';
import { accountLabel } from './resources-cost-view';

const text = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** One resource: attributes, tags, cost per day, metrics, and the way into the Explorer. Esc closes it. */
export function ResourceDrawer({
  projectId,
  resourceKey,
  onClose,
}: {
  projectId: string;
  resourceKey: string;
  onClose: () => void;
}) {
  const { data, isPending, isError, error } = useResourceCost(projectId, resourceKey);
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', md: 640 } } } }}
    >
      <Box role="dialog" aria-label="Resource details" sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h5" component="h2" sx={{ flexGrow: 1, wordBreak: 'break-all' }}>
            {data?.resource.name ?? data?.resource.resource_id ?? 'Resource'}
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            ×
          </IconButton>
        </Stack>
        {isError ? (
          <Alert severity="error">{error.message}</Alert>
        ) : isPending ? (
          <BarsLoader label="Loading the resource" />
        ) : (
          <DrawerBody detail={data} />
        )}
      </Box>
    </Drawer>
  );
}

function DrawerBody({ detail }: { detail: NonNullable<ReturnType<typeof useResourceCost>['data']> }) {
  const { resource, attributes, daily } = detail;
  const explorer = resourceExplorerHref(detail);
  const facts: [string, unknown][] = [
    ['Resource id', resource.resource_id],
    ['ARN', resource.arn],
    [
      'Account',
      resource.account_id === null ? null : accountLabel({ ...resource, account_id: resource.account_id }),
    ],
    ['Region', resource.region],
    ['Service', resource.service],
    ['Kind', resource.kind],
    ['Type', resource.type],
    ['State', resource.state],
    ['Owner', resource.owner],
    ['30-day cost', formatMoney(resource.cost)],
    ['Previous 30 days', formatMoney(resource.previous_cost)],
    ['First seen', resource.first_seen],
    ['Last seen', resource.last_seen],
    ...Object.entries(attributes).filter(([k]) => k !== 'attachments'),
  ];
  return (
    <Stack spacing={2}>
      {!resource.in_inventory && (
        <Alert severity="info">The bill names this resource, but no collection has listed it (yet).</Alert>
      )}
      {explorer !== null && (
        <Button component={RouterLink} to={explorer} variant="contained" sx={{ alignSelf: 'flex-start' }}>
          Open in Explorer
        </Button>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0 }}
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
              {text(value)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box>
        <Typography variant="subtitle2">Tags</Typography>
        {Object.keys(resource.tags).length === 0 ? (
          <Typography variant="body2">No tags</Typography>
        ) : (
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            {Object.entries(resource.tags).map(([k, v]) => (
              <Chip key={k} size="small" label={`${k}: ${v}`} />
            ))}
          </Stack>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2">Cost by day</Typography>
        <Chart
          kind="bar"
          label="Cost by day"
          height={220}
          categories={daily.map((d) => d.date.slice(5))}
          series={[{ name: 'Cost', values: daily.map((d) => d.cost) }]}
          formatValue={(v) => formatMoney(v)}
        />
      </Box>
      {resource.in_inventory && (
        <MetricsCharts projectId={resource.project_id} resourceId={resource.resource_id} />
      )}
    </Stack>
  );
}

function MetricsCharts({ projectId, resourceId }: { projectId: string; resourceId: string }) {
  const { data, isPending, isError } = useResourceMetrics(projectId, resourceId);
  if (isPending) return <BarsLoader label="Loading metrics" />;
  if (isError || data.series.length === 0) {
    return <Typography variant="body2">No metrics collected for this resource yet.</Typography>;
  }
  return (
    <>
      {data.series.map((s) => (
        <Box key={`${s.metric}${s.storage_class ?? ''}`}>
          <Typography variant="subtitle2">
            {s.metric}
            {s.storage_class === null ? '' : ` (${s.storage_class})`} · {s.unit}
          </Typography>
          <Chart
            kind="line"
            label={`${s.metric} by day`}
            height={180}
            categories={s.points.map((p) => p.timestamp.slice(5, 10))}
            series={[
              { name: 'Average', values: s.points.map((p) => p.value) },
              { name: 'p95', values: s.points.map((p) => p.p95 ?? p.value) },
            ]}
          />
        </Box>
      ))}
    </>
  );
}
