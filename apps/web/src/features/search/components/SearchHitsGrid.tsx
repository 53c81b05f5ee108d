import type { SearchHit } from '@finlens/contracts/search';
import { COST_DIMENSION_CATALOGUE } from '@finlens/cost-model/cost-dimensions';
import { formatMoney } from '@finlens/cost-model/format';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { Link as RouterLink } from 'react-router';
import { DataGrid } from '../../../components/DataGrid';
import { DEMO_BLUR_SX, useDemoModeStore } from '../../../components/demo-mode';
import { searchDetailPath } from '../search-paths';

const KIND_NAMES: Record<SearchHit['kind'], string> = {
  resource: 'Resource',
  account: 'Account',
  service: 'Service',
  region: 'Region',
  tag: 'Tag',
};

/** Spec §4 demo mode blurs account and resource values. */
const BLURRED_KINDS: SearchHit['kind'][] = ['resource', 'account'];

function HitLink({ data }: ICellRendererParams<SearchHit>) {
  const demo = useDemoModeStore((state) => state.on);
  if (data === undefined) return null;
  return (
    <Link component={RouterLink} to={searchDetailPath(data.key)}>
      <Box component="span" sx={demo && BLURRED_KINDS.includes(data.kind) ? DEMO_BLUR_SX : {}}>
        {data.label}
      </Box>
    </Link>
  );
}

/** The hits of a search: name (to its detail page), kind, where the value comes from, and cost. */
export function SearchHitsGrid({
  hits,
  currency,
  loading,
}: {
  hits: SearchHit[];
  currency: string;
  loading: boolean;
}) {
  const columns: ColDef<SearchHit>[] = [
    { headerName: 'Name', field: 'label', cellRenderer: HitLink, flex: 3 },
    { headerName: 'Kind', valueGetter: ({ data }) => (data ? KIND_NAMES[data.kind] : ''), flex: 1 },
    {
      headerName: 'Field',
      valueGetter: ({ data }) => (data ? COST_DIMENSION_CATALOGUE[data.dimension].label : ''),
      flex: 1,
    },
    {
      headerName: 'Cost',
      field: 'cost',
      type: 'rightAligned',
      valueFormatter: ({ value }) => formatMoney(value as number, currency),
      flex: 1,
      sort: 'desc',
    },
  ];
  return (
    <DataGrid<SearchHit>
      label="Search results"
      rows={hits}
      columns={columns}
      loading={loading}
      csvFileName="search-results"
      getRowId={({ data }) => data.key}
    />
  );
}
