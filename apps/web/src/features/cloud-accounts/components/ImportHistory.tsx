import type { ImportRun } from '@finlens/contracts/cloud-accounts';
import { formatMoney, formatUtcDate } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { BarsLoader } from '../../../components/BarsLoader';
import { EmptyTableRow } from '../../../components/EmptyTableRow';
import { useImportRuns } from '../api/import-runs-query';

const when = (iso: string | null) => formatUtcDate(iso, 'isoDateTime');

function unblended(run: ImportRun): number {
  return run.totals.reduce((sum, period) => sum + (period.totals.unblended ?? 0), 0);
}

function errorText(run: ImportRun): string {
  return run.error?.message ?? '';
}

/** One account's import runs: when, status, rows, periods, unblended total and the error of a failed run. */
export function ImportHistory({ accountId }: { accountId: string }) {
  const runs = useImportRuns(accountId);
  if (runs.isPending) return <BarsLoader />;
  if (runs.isError) return <Alert severity="error">{runs.error.message}</Alert>;
  return (
    <Table size="small" aria-label="Import history">
      <TableHead>
        <TableRow>
          <TableCell>Started (UTC)</TableCell>
          <TableCell>Finished (UTC)</TableCell>
          <TableCell>Status</TableCell>
          <TableCell align="right">Rows</TableCell>
          <TableCell>Periods</TableCell>
          <TableCell align="right">Unblended</TableCell>
          <TableCell>Error</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <EmptyTableRow rowCount={runs.data.length} columns={7} />
        {runs.data.map((run) => (
          <TableRow key={run.id}>
            <TableCell>{when(run.started_at)}</TableCell>
            <TableCell>{when(run.finished_at)}</TableCell>
            <TableCell>{run.status}</TableCell>
            <TableCell align="right">{run.rows ?? '—'}</TableCell>
            <TableCell>{run.periods.join(', ')}</TableCell>
            <TableCell align="right">
              {run.status === 'succeeded' ? formatMoney(unblended(run)) : '—'}
            </TableCell>
            <TableCell sx={{ color: 'error.main' }}>{errorText(run)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
