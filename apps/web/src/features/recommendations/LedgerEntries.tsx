import type { LedgerEntry, LedgerSource } from '@finlens/contracts/savings-ledger';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { DataGrid } from '../../components/DataGrid';
import { FilterToggle } from '../../components/FilterToggle';
import { ledgerExportHref, useLedgerEntries } from '../savings-ledger/api/ledger-entries-query';

type SourceFilter = LedgerSource | 'all';

const SOURCES = [
  { value: 'all', label: 'All' },
  { value: 'recommendation', label: 'Recommendations' },
  { value: 'schedule', label: 'Schedules' },
] as const satisfies readonly { value: SourceFilter; label: string }[];

/** A schedule's entry opens its schedule (deleted: none); a recommendation's, the list of its type. */
function originPath(entry: LedgerEntry): string | null {
  if (entry.source === 'schedule') {
    return entry.schedule_id === null
      ? null
      : `/v3/essentials/scheduler-details/schedule/${entry.schedule_id}`;
  }
  return `/v3/essentials/recommendations/${entry.type}`;
}

const money = ({ value }: { value: unknown }) =>
  value === null || value === undefined ? '—' : formatMoney(Number(value));

const COLUMNS: ColDef<LedgerEntry>[] = [
  {
    colId: 'source',
    headerName: 'Source',
    width: 120,
    valueGetter: ({ data }) => (data?.source === 'schedule' ? 'Schedule' : 'Recommendation'),
  },
  {
    field: 'title',
    headerName: 'Entry',
    minWidth: 240,
    flex: 1,
    cellRenderer: ({ data }: { data?: LedgerEntry }) => {
      if (!data) return null;
      const to = originPath(data);
      return to === null ? (
        data.title
      ) : (
        <Link component={RouterLink} to={to}>
          {data.title}
        </Link>
      );
    },
  },
  { field: 'account_id', headerName: 'Account', width: 135 },
  { field: 'resource_id', headerName: 'Resource', width: 150 },
  {
    colId: 'state',
    headerName: 'State',
    width: 110,
    valueGetter: ({ data }) => (data?.closed_at ? `${data.state} (closed)` : (data?.state ?? '')),
  },
  {
    field: 'estimated_monthly_saving',
    headerName: 'Estimated monthly',
    width: 150,
    valueFormatter: money,
    type: 'rightAligned',
    filter: 'agNumberColumnFilter',
    sort: 'desc',
  },
  {
    colId: 'realised',
    headerName: 'Realised monthly',
    width: 150,
    valueGetter: ({ data }) =>
      data?.state === 'verified' ? (data.verification?.realised_monthly_saving ?? null) : null,
    valueFormatter: money,
    type: 'rightAligned',
    filter: 'agNumberColumnFilter',
  },
  {
    colId: 'applied_at',
    headerName: 'Applied',
    width: 115,
    valueGetter: ({ data }) => data?.applied_at?.slice(0, 10) ?? '',
  },
];

/** The ledger's entries, of recommendations and of schedules, filtered by source (kept in the URL). */
export function LedgerEntries() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('ledger_source');
  const source: SourceFilter = raw === 'recommendation' || raw === 'schedule' ? raw : 'all';
  const entries = useLedgerEntries(source === 'all' ? null : source);
  return (
    <Box component="section" aria-label="Savings ledger entries" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Ledger entries
      </Typography>
      <FilterToggle<SourceFilter>
        label="Entry source"
        value={source}
        options={SOURCES}
        onChange={(next) => {
          const updated = new URLSearchParams(params);
          if (next === 'all') updated.delete('ledger_source');
          else updated.set('ledger_source', next);
          setParams(updated, { replace: true });
        }}
      />
      {entries.isError ? (
        <Alert severity="error">{entries.error.message}</Alert>
      ) : entries.isPending ? (
        <BarsLoader label="Loading the ledger entries" />
      ) : (
        <DataGrid<LedgerEntry>
          label="Ledger entries"
          rows={entries.data.results}
          columns={COLUMNS}
          getRowId={({ data }) => data.id}
          toolbar={
            <Button
              variant="outlined"
              href={ledgerExportHref(source === 'all' ? null : source)}
              download="savings-ledger.csv"
            >
              Export CSV
            </Button>
          }
        />
      )}
    </Box>
  );
}
