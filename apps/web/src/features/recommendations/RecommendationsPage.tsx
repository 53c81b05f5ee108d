import {
  RECOMMENDATION_STATUSES,
  RECOMMENDATION_TYPE_INFO,
  type Recommendation,
  type RecommendationsList,
  type RecommendationType,
} from '@finlens/contracts/recommendations';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { ServerTable } from '../../components/ServerTable';
import { urlPaging, useSearchChange } from '../../lib/use-search-change';
import { InformPackageGate } from '../payment/api/InformPackageGate';
import { recommendationsExportHref, useRecommendations } from './api/recommendations-query';
import { RECOMMENDATION_COLUMNS } from './recommendation-columns';
import { detailPath, listParams, PAGE_SIZE, sortOf } from './recommendation-view';
import { UrlSelect } from './UrlSelect';

export interface RecommendationsPageProps {
  /** The route's title (the page's h1); `subtitle` names a type's page below it. */
  title: string;
  subtitle?: string;
  /** Shown instead of the list (a type the product does not have). */
  children?: ReactNode;
  /** The filter the route fixes: a group (Essentials pages), a finding (unused, underutilized) or nothing. */
  fixed?: Record<string, string>;
  /** Where a type's card leads ('/v3/cost/recommendations/' + type); absent: it filters this page. */
  typeBase?: string;
  /** An Inform paid item (the Cost pages), gated by spec §1's package. */
  paid?: boolean;
  intro?: string;
}

const FILTERS = ['account_id', 'region', 'tag', 'showback_value', 'search', 'status', 'type'];

/** The recommendation lists of spec §2: by type with totals, filters, sort by saving, CSV, a page per row. */
export function RecommendationsPage({ paid = false, children, ...props }: RecommendationsPageProps) {
  const body = children ?? <RecommendationsView {...props} />;
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: props.subtitle === undefined ? 2 : 0 }}>
        {props.title}
      </Typography>
      {props.subtitle === undefined ? null : (
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {props.subtitle}
        </Typography>
      )}
      {paid ? <InformPackageGate feature="Cost Saving Recommendations">{body}</InformPackageGate> : body}
    </Box>
  );
}

function RecommendationsView({ fixed = {}, typeBase, intro }: RecommendationsPageProps) {
  const [search, change] = useSearchChange();
  const navigate = useNavigate();
  const params = listParams(search, fixed);
  const { data, isPending, isError, error } = useRecommendations(params);
  const filtered = FILTERS.some((key) => (search.get(key) ?? '') !== '');
  const open = (rec: Recommendation) => navigate(detailPath(rec));

  return (
    <>
      {intro === undefined ? null : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
        {fixed.type === undefined && (
          <UrlSelect
            label="Type"
            param="type"
            every="Every type"
            options={(Object.keys(RECOMMENDATION_TYPE_INFO) as RecommendationType[]).map(
              (type) => [type, RECOMMENDATION_TYPE_INFO[type].name] as const,
            )}
            search={search}
            change={change}
            minWidth={220}
          />
        )}
        <UrlSelect
          label="Status"
          param="status"
          every="Open and accepted"
          options={RECOMMENDATION_STATUSES.map((status) => [status, status] as const)}
          search={search}
          change={change}
          minWidth={160}
        />
        {(
          [
            ['account_id', 'Account'],
            ['region', 'Region'],
            ['tag', 'Tag (key:value)'],
            ['showback_value', 'Showback value (id:value)'],
            ['search', 'Resource'],
          ] as const
        ).map(([key, label]) => (
          <TextField
            key={key}
            size="small"
            label={label}
            defaultValue={search.get(key) ?? ''}
            onBlur={(e) => change({ [key]: e.target.value.trim() })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') change({ [key]: (e.target as HTMLInputElement).value.trim() });
            }}
          />
        ))}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" href={recommendationsExportHref(params)} download="recommendations.csv">
          Export CSV
        </Button>
      </Stack>
      {isError ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <BarsLoader label="Loading recommendations" />
      ) : data.evaluation === null ? (
        <NothingEvaluated />
      ) : (
        <>
          <Totals data={data} typeBase={typeBase} onType={(type) => change({ type })} />
          {data.count === 0 && !filtered ? (
            <Alert severity="success" sx={{ mb: 2 }}>
              No waste found: the rules checked {data.evaluation.resources} resources on{' '}
              {data.evaluation.evaluated_at.slice(0, 10)} and none needs action.
            </Alert>
          ) : null}
          <ServerTable
            label="Recommendations"
            columns={RECOMMENDATION_COLUMNS}
            rows={data.results}
            rowKey={(row) => row.id}
            rowLabel={(row) => `Open ${row.title}`}
            onOpen={open}
            sort={sortOf(search)}
            onSort={({ sort, order }) => change({ sort, order })}
            paging={urlPaging(data, PAGE_SIZE, change)}
          />
        </>
      )}
    </>
  );
}

/** What to connect before the rules have anything to look at. */
export function NothingEvaluated(): ReactNode {
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="/v3/settings?tab=cloud-accounts" size="small">
          Cloud Accounts
        </Button>
      }
    >
      No recommendations yet. Connect a cloud account in Settings → Cloud Accounts, collect its inventory and
      import its bill: the rules run after every collection and import, and their findings appear here.
    </Alert>
  );
}

function Totals({
  data,
  typeBase,
  onType,
}: {
  data: RecommendationsList;
  typeBase: string | undefined;
  onType: (type: string) => void;
}) {
  const types = data.by_type.filter((t) => t.count > 0);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="p">
        {formatMoney(data.total_estimated_monthly_saving)} per month from {data.count} recommendations
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        At your effective rates; {formatMoney(data.total_on_demand_monthly_saving)} at on-demand prices.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap aria-label="By type">
        {types.map((t) => {
          const label = `${t.name}: ${t.count} · ${formatMoney(t.estimated_monthly_saving)}`;
          return typeBase === undefined ? (
            <Chip key={t.type} label={label} onClick={() => onType(t.type)} />
          ) : (
            <Chip key={t.type} label={label} component={RouterLink} to={`${typeBase}${t.type}`} clickable />
          );
        })}
      </Stack>
    </Box>
  );
}
