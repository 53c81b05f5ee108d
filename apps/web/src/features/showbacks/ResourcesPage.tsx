import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { useParams } from 'react-router';
import { DataGrid } from '../../components/DataGrid';
import { useAllocationRules } from './api/allocation-rules-query';
import { type ResourceSource, useResources } from './api/resources-query';
import { useShowbackConfig } from './api/showbacks-query';
import { ShowbackHeader, useShowbackRoute } from './ShowbackHeader';
import { SHOWBACK_PARAMS } from './showback-view';

interface ResourceRow {
  resource_id: string | null;
  cost: number;
}

const NO_RESOURCE = 'No resource id';
const COLUMNS: ColDef<ResourceRow>[] = [
  {
    field: 'resource_id',
    headerName: 'Resource',
    flex: 2,
    valueFormatter: ({ value }) => (value === null || value === undefined ? NO_RESOURCE : String(value)),
  },
  {
    field: 'cost',
    headerName: 'Cost',
    flex: 1,
    sort: 'desc',
    filter: 'agNumberColumnFilter',
    valueFormatter: ({ value }) => formatMoney(value as number),
  },
];

type Kind = ResourceSource['kind'];
const TITLES: Record<Kind, string> = {
  unallocated: 'Unallocated resources',
  rule: 'Allocation rule resources',
  value: 'Showback resources',
};

/**
 * The resources behind Unallocated (unallocated-resources/), an allocation rule
 * (allocation-rule-resources/:id/) or a showback value (showback-resources/?value=): a paged grid of
 * resources with their cost over the range, most expensive first, with CSV export.
 */
export function ResourcesPage({ kind }: { kind: Kind }) {
  const { id, dates, searchParams, setParam } = useShowbackRoute();
  const { id: ruleId = '' } = useParams();
  const value = searchParams.get(SHOWBACK_PARAMS.value) ?? '';
  const source: ResourceSource =
    kind === 'rule' ? { kind, ruleId } : kind === 'value' ? { kind, value } : { kind: 'unallocated' };
  const resources = useResources(id, source, dates);
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <ShowbackHeader title={TITLES[kind]}>
        {kind === 'value' ? (
          <ValuePicker id={id} value={value} onChange={(next) => setParam(SHOWBACK_PARAMS.value, next)} />
        ) : null}
        {kind === 'rule' ? <RuleName id={id} ruleId={ruleId} range={dates} /> : null}
      </ShowbackHeader>
      {resources.isError ? (
        <Alert severity="error">{resources.error.message}</Alert>
      ) : resources.data === undefined ? (
        <Skeleton variant="rounded" height={320} aria-busy="true" aria-label="Loading the resources" />
      ) : (
        <>
          <Typography aria-label="Resources summary">
            {resources.data.resource_count} resources, {formatMoney(resources.data.total)} in total
            {resources.data.resources.length < resources.data.resource_count
              ? ` (the ${resources.data.resources.length} most expensive listed)`
              : ''}
          </Typography>
          <DataGrid
            rows={resources.data.resources}
            columns={COLUMNS}
            label={TITLES[kind]}
            csvFileName={`showback-${kind}-resources`}
          />
        </>
      )}
    </Stack>
  );
}

function ValuePicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (next: string) => void;
}) {
  const values = useShowbackConfig(id).data?.showback_values ?? [];
  const options = value === '' || values.includes(value) ? values : [value, ...values];
  return (
    <TextField
      select
      size="small"
      label="Showback value"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="">All values</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}

function RuleName({
  id,
  ruleId,
  range,
}: {
  id: string;
  ruleId: string;
  range: Parameters<typeof useAllocationRules>[1];
}) {
  const rule = useAllocationRules(id, range).data?.rules.find((r) => r.id === ruleId);
  return rule ? <Typography aria-label="Rule">Rule: {rule.name}</Typography> : null;
}
