import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { HeaderRow } from './HeaderRow';

/** One problem of an uploaded file: where it is (a line or row, as shown), the column, what is wrong. */
interface RowError {
  where: string;
  column: string | null;
  message: string;
}

/** The problems of a refused upload, one table row each; `whereLabel` heads the first column. */
export function RowErrorsTable(props: { label: string; whereLabel: string; errors: readonly RowError[] }) {
  return (
    <Table size="small" aria-label={props.label}>
      <HeaderRow labels={[props.whereLabel, 'Column', 'Problem']} />
      <TableBody>
        {props.errors.map((e) => (
          <TableRow key={`${e.where}-${e.column}-${e.message}`}>
            <TableCell>{e.where}</TableCell>
            <TableCell>{e.column ?? '-'}</TableCell>
            <TableCell>{e.message}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
