import type { Statement, StatementLine } from '@finlens/contracts/chargebacks';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { EmptyTableRow } from '../../components/EmptyTableRow';

interface Props {
  statement: Statement;
  /** Typed markup percentages per value: shown as inputs (the Chargeback page) instead of numbers. */
  markups?: Record<string, string>;
  onMarkupChange?: (value: string, text: string) => void;
}

/** The reconciliation under a statement: lines + Unallocated = the showback scope's total, markups apart. */
function Reconciliation({ statement: s }: { statement: Statement }) {
  const money = (n: number) => formatMoney(n, s.currency);
  const charged =
    s.markup === 0
      ? `To charge ${money(s.total)}.`
      : `Markups ${money(s.markup)}; to charge ${money(s.total)}.`;
  if (s.scope_total === null || s.unallocated === null) {
    return <Alert severity="info">{`Your values: ${money(s.subtotal)}. ${charged}`}</Alert>;
  }
  const ok = s.difference_cents === 0;
  return (
    <Alert severity={ok ? 'success' : 'warning'} aria-label="Reconciliation">
      {`Lines ${money(s.subtotal)} + Unallocated ${money(s.unallocated)} = showback total ${money(s.scope_total)}`}
      {ok ? ' (reconciles to the cent). ' : ` (off by ${s.difference_cents} cents). `}
      {charged}
    </Alert>
  );
}

/** A value's service lines under its row: cost in the Direct column, the replaced version's cost when compared. */
function ServiceRows({ statement: s, line }: { statement: Statement; line: StatementLine }) {
  const money = (n: number | null) => formatMoney(n, s.currency);
  const compared = s.supersedes_id !== null;
  return line.services.map((service) => (
    <TableRow key={service.service} aria-label={`${service.service} of ${line.value}`}>
      <TableCell sx={{ pl: 4, color: 'text.secondary' }}>{service.service}</TableCell>
      <TableCell align="right" sx={{ color: 'text.secondary' }}>
        {money(service.cost)}
      </TableCell>
      <TableCell colSpan={5 + Number(s.shared_cost_line)} />
      {compared ? <TableCell align="right">{money(service.previous_cost)}</TableCell> : null}
      {compared ? <TableCell align="right">{money(service.difference)}</TableCell> : null}
    </TableRow>
  ));
}

/**
 * A statement's lines per showback value with totals and the month before; under each value its cost per
 * service; the differences against the version it replaces.
 */
export function StatementLinesTable({ statement: s, markups, onMarkupChange }: Props) {
  const money = (n: number | null) => formatMoney(n, s.currency);
  const compared = s.supersedes_id !== null;
  const columns = 7 + Number(s.shared_cost_line) + (compared ? 2 : 0);
  return (
    <Stack spacing={1}>
      <Table size="small" aria-label="Statement lines">
        <TableHead>
          <TableRow>
            <TableCell>Showback value</TableCell>
            <TableCell align="right">Direct</TableCell>
            {s.shared_cost_line ? <TableCell align="right">Shared costs</TableCell> : null}
            <TableCell align="right">Subtotal</TableCell>
            <TableCell align="right">Markup %</TableCell>
            <TableCell align="right">Markup</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell align="right">Previous month</TableCell>
            {compared ? <TableCell align="right">Previous version</TableCell> : null}
            {compared ? <TableCell align="right">Difference</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          <EmptyTableRow rowCount={s.lines.length} columns={columns} />
          {s.lines.map((line) => [
            <TableRow key={line.value}>
              <TableCell component="th" scope="row">
                {line.value}
              </TableCell>
              <TableCell align="right">{money(line.direct)}</TableCell>
              {s.shared_cost_line ? <TableCell align="right">{money(line.shared)}</TableCell> : null}
              <TableCell align="right">{money(line.subtotal)}</TableCell>
              <TableCell align="right">
                {markups === undefined ? (
                  `${line.markup_percent}%`
                ) : (
                  <TextField
                    size="small"
                    type="number"
                    value={markups[line.value] ?? ''}
                    onChange={(event) => onMarkupChange?.(line.value, event.target.value)}
                    slotProps={{ htmlInput: { 'aria-label': `Markup % of ${line.value}`, step: 'any' } }}
                    sx={{ width: 96 }}
                  />
                )}
              </TableCell>
              <TableCell align="right">{money(line.markup)}</TableCell>
              <TableCell align="right">{money(line.total)}</TableCell>
              <TableCell align="right">{money(line.previous_month_subtotal)}</TableCell>
              {compared ? <TableCell align="right">{money(line.previous_total)}</TableCell> : null}
              {compared ? <TableCell align="right">{money(line.difference)}</TableCell> : null}
            </TableRow>,
            <ServiceRows key={`${line.value}-services`} statement={s} line={line} />,
          ])}
        </TableBody>
        <TableFooter
          sx={{ '& .MuiTableCell-root': { color: 'text.primary', fontSize: 'inherit', fontWeight: 600 } }}
        >
          <TableRow>
            <TableCell component="th" scope="row">
              Total
            </TableCell>
            <TableCell colSpan={s.shared_cost_line ? 2 : 1} />
            <TableCell align="right">{money(s.subtotal)}</TableCell>
            <TableCell />
            <TableCell align="right">{money(s.markup)}</TableCell>
            <TableCell align="right">{money(s.total)}</TableCell>
            <TableCell align="right">{money(s.previous_month_subtotal)}</TableCell>
            {compared ? <TableCell colSpan={2} /> : null}
          </TableRow>
        </TableFooter>
      </Table>
      <Reconciliation statement={s} />
    </Stack>
  );
}
