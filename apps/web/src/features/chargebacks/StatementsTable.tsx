import type { StatementSummary } from '@finlens/contracts/chargebacks';
import { formatMoney } from '@finlens/cost-model/format';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { EmptyTableRow } from '../../components/EmptyTableRow';
import { STATUS_LABELS } from './statement-view';

interface Props {
  statements: StatementSummary[];
  /** Opens a statement; without it the table is read-only (the legacy center). */
  onOpen?: (id: string) => void;
  dense?: boolean;
}

/** The statements of the centers: month, showback, version, status and amounts. */
export function StatementsTable({ statements, onOpen, dense = false }: Props) {
  const columns = onOpen ? 9 : 8;
  return (
    <Table size={dense ? 'small' : 'medium'} aria-label="Statements">
      <TableHead>
        <TableRow>
          <TableCell>Month</TableCell>
          <TableCell>Showback</TableCell>
          <TableCell align="right">Version</TableCell>
          <TableCell>Status</TableCell>
          <TableCell align="right">Values</TableCell>
          <TableCell align="right">Subtotal</TableCell>
          <TableCell align="right">Markup</TableCell>
          <TableCell align="right">Total</TableCell>
          {onOpen ? <TableCell /> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        <EmptyTableRow rowCount={statements.length} columns={columns} />
        {statements.map((s) => (
          <TableRow key={s.id} hover={onOpen !== undefined}>
            <TableCell>{s.month}</TableCell>
            <TableCell>{s.showback_name}</TableCell>
            <TableCell align="right">{s.version}</TableCell>
            <TableCell>{STATUS_LABELS[s.status]}</TableCell>
            <TableCell align="right">{s.values_count}</TableCell>
            <TableCell align="right">{formatMoney(s.subtotal, s.currency)}</TableCell>
            <TableCell align="right">{formatMoney(s.markup, s.currency)}</TableCell>
            <TableCell align="right">{formatMoney(s.total, s.currency)}</TableCell>
            {onOpen ? (
              <TableCell>
                <Button
                  size="small"
                  aria-label={`Open ${s.showback_name} ${s.month} version ${s.version}`}
                  onClick={() => onOpen(s.id ?? '')}
                >
                  Open
                </Button>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
