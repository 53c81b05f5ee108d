import {
  RECOMMENDATION_TYPE_INFO,
  type RecommendationType,
  VIOLATION_EVENTS,
  type ViolationEvent,
} from '@finlens/contracts/recommendations';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { type ServerColumn, ServerTable } from '../../components/ServerTable';
import { urlPaging, useSearchChange } from '../../lib/use-search-change';
import { useRuleChanges } from './api/essentials-query';
import { detailPath } from './recommendation-view';
import { UrlSelect } from './UrlSelect';

const PAGE_SIZE = 50;
const TYPES = Object.keys(RECOMMENDATION_TYPE_INFO) as RecommendationType[];
const EVENT_LABELS: Record<ViolationEvent['event'], string> = {
  opened: 'Opened',
  changed: 'Changed',
  resolved: 'Resolved',
};

const text = (value: unknown) => (value === null || value === undefined ? 'none' : String(value));

/** What in the inventory made the event: "state running → stopped", "created", or what else moved. */
function causeText(event: ViolationEvent): string {
  const { cause } = event;
  if (cause === null) return 'Metrics, cost or thresholds moved';
  if (cause.change !== 'changed') return `Resource ${cause.change}`;
  const fields = cause.fields.map((f) => `${f.field} ${text(f.before)} → ${text(f.after)}`).join('; ');
  return fields === '' ? 'Resource changed' : fields;
}

const COLUMNS: readonly ServerColumn<ViolationEvent>[] = [
  { label: 'When', render: (e) => new Date(e.at).toISOString().replace('T', ' ').slice(0, 16) },
  { label: 'Event', render: (e) => EVENT_LABELS[e.event] },
  { label: 'Rule', render: (e) => RECOMMENDATION_TYPE_INFO[e.rule_key].name },
  { label: 'Resource', render: (e) => e.resource_name ?? e.resource_id },
  { label: 'Account', render: (e) => e.account_id },
  { label: 'Region', render: (e) => e.region },
  { label: 'Inventory change', render: causeText },
  {
    label: 'Monthly saving',
    align: 'right',
    render: (e) =>
      e.previous_monthly_saving === null
        ? formatMoney(e.estimated_monthly_saving)
        : `${formatMoney(e.previous_monthly_saving)} → ${formatMoney(e.estimated_monthly_saving)}`,
  },
];

/**
 * /v3/rule-details/ (Rules Change Management): every violation a rule opened, changed or resolved, newest first,
 * with the inventory change that caused it, filtered by rule and event in the URL; a row opens its recommendation.
 */
export function RuleChangesPage() {
  const [search, change] = useSearchChange();
  const navigate = useNavigate();
  const params: Record<string, string> = { page_size: String(PAGE_SIZE) };
  for (const key of ['rule_key', 'event', 'page']) {
    const value = search.get(key);
    if (value) params[key] = value;
  }
  const { data, isPending, isError, error } = useRuleChanges(params);
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Rules Change Management
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Each time an evaluation opens, changes or resolves a violation, with the change in the inventory just
        before it.
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <UrlSelect
          label="Rule"
          param="rule_key"
          every="All rules"
          options={TYPES.map((type) => [type, RECOMMENDATION_TYPE_INFO[type].name] as const)}
          search={search}
          change={change}
          minWidth={260}
        />
        <UrlSelect
          label="Event"
          param="event"
          every="All events"
          options={VIOLATION_EVENTS.map((event) => [event, EVENT_LABELS[event]] as const)}
          search={search}
          change={change}
          minWidth={160}
        />
      </Stack>
      {isError ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <BarsLoader label="Loading rule changes" />
      ) : (
        <ServerTable
          label="Rule changes"
          columns={COLUMNS}
          rows={data.results}
          rowKey={(e) => e.id}
          rowLabel={(e) => `Open ${e.resource_name ?? e.resource_id}`}
          onOpen={(e) =>
            navigate(
              detailPath({
                id: e.recommendation_id,
                type: e.rule_key,
                group: RECOMMENDATION_TYPE_INFO[e.rule_key].group,
              }),
            )
          }
          paging={urlPaging(data, PAGE_SIZE, change)}
        />
      )}
    </Box>
  );
}
