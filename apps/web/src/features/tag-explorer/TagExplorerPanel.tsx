import {
  isAwsMadeTagKey,
  type TagExplorerResult,
  type TagExplorerRow,
} from '@finlens/contracts/tag-explorer';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataGrid } from '../../components/DataGrid';
import { RangePresetSelect } from '../../components/RangePresetSelect';
import { useTagRows } from './api/tag-rows-query';
import { CoverageBar } from './CoverageBar';
import { TagDrillDown } from './TagDrillDown';
import { TagPolicyDialog } from './TagPolicyDialog';
import { TAG_PARAMS, TAG_RANGES, tagDates, tagRangeFromParams } from './tag-view';

const PLATFORM_LABELS: Record<TagExplorerRow['cloudPlatform'], string> = { aws: 'AWS', azure: 'Azure' };

/**
 * The Insights page's "Tag explorer" tab: per tag key its resources, tagged cost, coverage of the last
 * day / week / month and policy violations (spec §3), a drill-down into one key's values and the cost missing
 * it, and the tag policy editor. Range and chosen key live in the URL.
 */
export function TagExplorerPanel() {
  const [today] = useState(() => new Date());
  const [searchParams, setSearchParams] = useSearchParams();
  const [policiesOpen, setPoliciesOpen] = useState(false);
  const range = tagRangeFromParams(searchParams);
  const dates = tagDates(range, today);
  const rows = useTagRows(dates);
  const chosen = searchParams.get(TAG_PARAMS.key);
  const setParam = (name: string, value: string | null) =>
    setSearchParams((params) => {
      if (value === null) params.delete(name);
      else params.set(name, value);
      return params;
    });
  const result = rows.data;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <RangePresetSelect
          presets={TAG_RANGES}
          value={range}
          onChange={(next) => setParam(TAG_PARAMS.range, next)}
        />
        {result ? <Summary result={result} /> : null}
        <Button variant="outlined" onClick={() => setPoliciesOpen(true)} sx={{ ml: 'auto' }}>
          Tag policies
        </Button>
      </Stack>
      {rows.isError ? (
        <Alert severity="error">{rows.error.message}</Alert>
      ) : result === undefined ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading tags">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : (
        <>
          {rows.isPlaceholderData ? <LinearProgress aria-label="Loading tags" /> : null}
          <TagGrid result={result} onOpen={(key) => setParam(TAG_PARAMS.key, key)} />
          <TagDrillDown
            range={dates}
            tagKey={chosen}
            userKeys={[...new Set(result.rows.map((r) => r.name).filter((name) => !isAwsMadeTagKey(name)))]}
            onClose={() => setParam(TAG_PARAMS.key, null)}
          />
        </>
      )}
      <TagPolicyDialog open={policiesOpen} onClose={() => setPoliciesOpen(false)} />
    </Stack>
  );
}

function Summary({ result }: { result: TagExplorerResult }) {
  return (
    <Typography aria-label="Tag summary">
      {result.start_date} – {result.end_date}: {formatMoney(result.total_cost, result.currency)} in total
      {result.as_of === null ? ', no usage in the range' : `, data up to ${result.as_of}`}
    </Typography>
  );
}

function TagGrid({ result, onOpen }: { result: TagExplorerResult; onOpen: (key: string) => void }) {
  const columns = useMemo<ColDef<TagExplorerRow>[]>(() => {
    const coverage = (field: 'dailyPercentage' | 'weeklyPercentage' | 'monthlyPercentage', name: string) =>
      ({
        field,
        headerName: name,
        minWidth: 150,
        filter: 'agNumberColumnFilter',
        cellRenderer: ({ data }: { data?: TagExplorerRow }) =>
          data ? <CoverageBar value={data[field]} label={`${data.name} ${name}`} /> : null,
      }) satisfies ColDef<TagExplorerRow>;
    return [
      {
        field: 'name',
        headerName: 'Tag key',
        minWidth: 180,
        cellRenderer: ({ data }: { data?: TagExplorerRow }) =>
          data ? (
            <Link
              component="button"
              type="button"
              onClick={() => onOpen(data.name)}
              sx={{ textAlign: 'left' }}
            >
              {data.name}
            </Link>
          ) : null,
      },
      {
        field: 'cloudPlatform',
        headerName: 'Cloud',
        valueFormatter: ({ value }) => PLATFORM_LABELS[value as TagExplorerRow['cloudPlatform']] ?? '',
      },
      { field: 'count', headerName: 'Resources', filter: 'agNumberColumnFilter' },
      {
        field: 'totalCost',
        headerName: 'Tagged cost',
        sort: 'desc',
        filter: 'agNumberColumnFilter',
        valueFormatter: ({ value }) => formatMoney(value as number, result.currency),
      },
      coverage('dailyPercentage', 'Daily coverage'),
      coverage('weeklyPercentage', 'Weekly coverage'),
      coverage('monthlyPercentage', 'Monthly coverage'),
      { field: 'violationCount', headerName: 'Violations', filter: 'agNumberColumnFilter' },
    ];
  }, [onOpen, result.currency]);
  if (result.rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography>No tagged resources in this range.</Typography>
        <Typography variant="body2" color="text.secondary">
          Import billing data with resource tags, or add a tag policy to track a required key.
        </Typography>
      </Paper>
    );
  }
  return (
    <DataGrid
      rows={result.rows}
      columns={columns}
      label="Tag keys"
      csvFileName="tag-explorer"
      getRowId={({ data }) => `${data.cloudPlatform}:${data.name}`}
    />
  );
}
