import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Spec §8 empty table: one row across all columns saying 'No results found'; nothing when rows exist. */
export function EmptyTableRow({ rowCount, columns }: { rowCount: number; columns: number }) {
  if (rowCount > 0) return null;
  return (
    <TableRow>
      <TableCell colSpan={columns} align="center">
        {ERROR_MESSAGES.emptyTable}
      </TableCell>
    </TableRow>
  );
}
