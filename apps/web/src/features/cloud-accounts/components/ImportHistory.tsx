import type { ImportRun } from '@finlens/contracts/cloud-accounts';
import { formatMoney, formatUtcDate } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import { BarsLoader } from '../../../components/BarsLoader';
import { type SimpleColumn, SimpleTable } from '../../../components/SimpleTable';
import { useImportRuns } from '../api/import-runs-query';

const when = (iso: string | null) => formatUtcDate(iso, 'isoDateTime');

function unblended(run: ImportRun): number {
  return run.totals.reduce((sum, period) => sum + (period.totals.unblended ?? 0), 0);
}

function errorText(run: ImportRun): string {
  return run.error?.message ?? '';
}

const COLUMNS: SimpleColumn<ImportRun>[] = [
  { label: 'Started (UTC)', render: (run) => when(run.started_at) },
  { label: 'Finished (UTC)', render: (run) => when(run.finished_at) },
  { label: 'Status', render: (run) => run.status },
  { label: 'Rows', align: 'right', render: (run) => run.rows ?? '—' },
  { label: 'Periods', render: (run) => run.periods.join(', ') },
  {
    label: 'Unblended',
    align: 'right',
    render: (run) => (run.status === 'succeeded' ? formatMoney(unblended(run)) : '—'),
  },
  { label: 'Error', sx: { color: 'error.main' }, render: errorText },
];

/** One account's import runs: when, status, rows, periods, unblended total and the error of a failed run. */
export function ImportHistory({ accountId }: { accountId: string }) {
  const runs = useImportRuns(accountId);
  if (runs.isPending) return <BarsLoader />;
  if (runs.isError) return <Alert severity="error">{runs.error.message}</Alert>;
  return <SimpleTable label="Import history" columns={COLUMNS} rows={runs.data} rowKey={(run) => run.id} />;
}
