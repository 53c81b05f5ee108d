import { NO_VALUE_LABEL } from '@finlens/contracts/cost-query';
import type { OwnerHint, TagValuesResult, UntaggedResult } from '@finlens/contracts/tag-explorer';
import { formatMoney } from '@finlens/cost-model/format';
import type { DateRange } from '@finlens/cost-model/range-presets';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { Chart } from '../../components/Chart';
import { DataGrid } from '../../components/DataGrid';
import { useTagValues } from './api/tag-values-query';
import { useUntagged } from './api/untagged-query';
import { TagViolations } from './TagViolations';
import { untaggedHref, valueHref } from './tag-view';

type ValueRow = TagValuesResult['values'][number];
type UntaggedRow = UntaggedResult['rows'][number];

/**
 * Below the grid: with a key chosen, its values (chart and grid, each linked to the Explorer) and the cost
 * missing it; without one, the cost that carries no tag at all (by account and service). Then the policy
 * violations, resource by resource.
 */
export function TagDrillDown({
  range,
  tagKey,
  userKeys,
  onClose,
}: {
  range: DateRange;
  tagKey: string | null;
  /** The user tag keys in range: cost missing all of them is "without any tag". */
  userKeys: string[];
  onClose: () => void;
}) {
  return (
    <Stack spacing={2} component="section" aria-label={tagKey === null ? 'Untagged cost' : `Tag ${tagKey}`}>
      {tagKey === null ? null : (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
            <Typography variant="h6" component="h2">
              Values of {tagKey}
            </Typography>
            <Button size="small" onClick={onClose}>
              Close
            </Button>
          </Stack>
          <ValuesView range={range} tagKey={tagKey} />
        </>
      )}
      <UntaggedView range={range} tagKey={tagKey} missingKeys={tagKey === null ? userKeys : [tagKey]} />
      <TagViolations range={range} tagKey={tagKey} />
    </Stack>
  );
}

function Loading({ label }: { label: string }) {
  return <Skeleton variant="rounded" height={160} aria-busy="true" aria-label={label} />;
}

function ValuesView({ range, tagKey }: { range: DateRange; tagKey: string }) {
  const values = useTagValues(tagKey, range);
  const columns = useMemo<ColDef<ValueRow>[]>(
    () => [
      {
        field: 'value',
        headerName: 'Value',
        flex: 2,
        cellRenderer: ({ data }: { data?: ValueRow }) =>
          data ? (
            <Link component={RouterLink} to={valueHref(range, tagKey, data.value)}>
              {data.value ?? `${NO_VALUE_LABEL} (key missing)`}
            </Link>
          ) : null,
      },
      {
        field: 'cost',
        headerName: 'Cost',
        flex: 1,
        sort: 'desc',
        valueFormatter: ({ value }) => formatMoney(value as number, values.data?.currency),
      },
      { field: 'resources', headerName: 'Resources', flex: 1 },
      {
        field: 'violates',
        headerName: 'Policy',
        flex: 1,
        cellRenderer: ({ data }: { data?: ValueRow }) =>
          data?.violates ? <Chip size="small" color="warning" label="Violates" /> : null,
      },
    ],
    [range, tagKey, values.data?.currency],
  );
  if (values.isError) return <Alert severity="error">{values.error.message}</Alert>;
  if (values.data === undefined) return <Loading label={`Loading values of ${tagKey}`} />;
  const data = values.data;
  return (
    <>
      <Chart
        kind="bar"
        label={`Cost by value of ${tagKey}`}
        height={240}
        categories={data.values.map((v) => v.value ?? NO_VALUE_LABEL)}
        series={[{ name: 'Cost', values: data.values.map((v) => v.cost) }]}
        formatValue={(value) => formatMoney(value, data.currency)}
      />
      <DataGrid
        rows={data.values}
        columns={columns}
        label={`Values of ${tagKey}`}
        csvFileName={`tag-${tagKey}-values`}
        getRowId={({ data: row }) => row.value ?? '\u0000'}
      />
    </>
  );
}

function UntaggedView({
  range,
  tagKey,
  missingKeys,
}: {
  range: DateRange;
  tagKey: string | null;
  missingKeys: string[];
}) {
  const untagged = useUntagged(tagKey, range);
  const title = tagKey === null ? 'Cost without any tag' : `Cost without ${tagKey}`;
  const columns = useMemo<ColDef<UntaggedRow>[]>(
    () => [
      {
        field: 'account',
        headerName: 'Account',
        flex: 1,
        valueFormatter: ({ value }) => (value as string | null) ?? NO_VALUE_LABEL,
      },
      {
        field: 'service',
        headerName: 'Service',
        flex: 2,
        valueFormatter: ({ value }) => (value as string | null) ?? NO_VALUE_LABEL,
      },
      {
        field: 'cost',
        headerName: 'Cost',
        flex: 1,
        sort: 'desc',
        valueFormatter: ({ value }) => formatMoney(value as number, untagged.data?.currency),
      },
      {
        colId: 'explorer',
        headerName: 'Resources',
        flex: 1,
        sortable: false,
        filter: false,
        cellRenderer: ({ data }: { data?: UntaggedRow }) =>
          data ? (
            <Link component={RouterLink} to={untaggedHref(range, missingKeys, data.account, data.service)}>
              Open in Explorer
            </Link>
          ) : null,
      },
    ],
    [range, missingKeys, untagged.data?.currency],
  );
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {untagged.isError ? (
        <Alert severity="error">{untagged.error.message}</Alert>
      ) : untagged.data === undefined ? (
        <Loading label={`Loading ${title.toLowerCase()}`} />
      ) : (
        <>
          <Typography aria-label="Untagged share">
            {formatMoney(untagged.data.untagged_cost, untagged.data.currency)} of{' '}
            {formatMoney(untagged.data.total_cost, untagged.data.currency)}
          </Typography>
          <OwnerHints range={range} hints={untagged.data.owner_hints} currency={untagged.data.currency} />
          <DataGrid
            rows={untagged.data.rows}
            columns={columns}
            label={title}
            csvFileName={tagKey === null ? 'untagged-cost' : `untagged-${tagKey}`}
            getRowId={({ data }) => `${data.account}\u0000${data.service}`}
          />
        </>
      )}
    </Stack>
  );
}

const HINT_LABELS: Record<OwnerHint['source'], string> = {
  cloudformation_stack: 'Stack',
  autoscaling_group: 'Auto Scaling group',
  eks_cluster: 'EKS cluster',
  iam_principal: 'IAM principal',
};

/**
 * Suggested owners of the untagged cost: the stacks, Auto Scaling groups and clusters behind it (each
 * linked to the Explorer by its tag), and the IAM roles and users that made the calls (their ARN on hover;
 * the Explorer has no principal dimension to link to).
 */
function OwnerHints({ range, hints, currency }: { range: DateRange; hints: OwnerHint[]; currency: string }) {
  if (hints.length === 0) return null;
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label="Suggested owners"
      sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}
    >
      {hints.map((hint) => {
        const label = `${HINT_LABELS[hint.source]} ${hint.value}: ${formatMoney(hint.cost, currency)}`;
        return (
          <li key={`${hint.tag_key}\u0000${hint.value}\u0000${hint.arn}`} style={{ listStyle: 'none' }}>
            {hint.tag_key === null ? (
              <Chip variant="outlined" label={label} title={hint.arn ?? undefined} />
            ) : (
              <Chip
                component={RouterLink}
                to={valueHref(range, hint.tag_key, hint.value)}
                clickable
                variant="outlined"
                label={label}
              />
            )}
          </li>
        );
      })}
    </Stack>
  );
}
