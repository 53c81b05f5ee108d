import { formatMoney, formatUtcDate } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyTableRow } from '../../components/EmptyTableRow';
import { HeaderRow } from '../../components/HeaderRow';
import { usePlanHistory } from './api/plan-history-query';

const SOURCE_LABELS = {
  manual: 'By hand',
  csv: 'CSV upload',
  lookback: 'Lookback',
  growth: 'Growth rate',
} as const;
/** The newest changes shown under the plan. */
const SHOWN = 20;

/** Who changed which month of the plan, when, and from what to what. */
export function PlanHistory({ targetId }: { targetId: string }) {
  const history = usePlanHistory(targetId);
  if (history.isError) return <Alert severity="error">{history.error.message}</Alert>;
  const rows = (history.data ?? []).slice(0, SHOWN);
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
        Plan history
      </Typography>
      <Table size="small" aria-label="Plan history">
        <HeaderRow labels={['When', 'Month', 'Change', 'How', 'Who']} />
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{formatUtcDate(row.changed_at, 'isoDateTime')}</TableCell>
              <TableCell>{row.month}</TableCell>
              <TableCell>
                {formatMoney(row.before)} → {formatMoney(row.after)}
              </TableCell>
              <TableCell>{SOURCE_LABELS[row.source]}</TableCell>
              <TableCell>{row.changed_by?.email ?? '-'}</TableCell>
            </TableRow>
          ))}
          <EmptyTableRow rowCount={history.isPending ? 1 : rows.length} columns={5} />
        </TableBody>
      </Table>
    </>
  );
}
