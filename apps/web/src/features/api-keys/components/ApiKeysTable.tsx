import type { ApiKey } from '@finlens/contracts/api-keys';
import { formatUtcDate } from '@finlens/cost-model/format';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { EmptyTableRow } from '../../../components/EmptyTableRow';

/** The caller's keys: name, prefix, created, last used; revoked keys stay listed without actions. */
export function ApiKeysTable({
  keys,
  onRevoke,
}: {
  keys: readonly ApiKey[];
  onRevoke: (key: ApiKey) => void;
}) {
  return (
    <Table size="small" aria-label="API keys">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Prefix</TableCell>
          <TableCell>Created</TableCell>
          <TableCell>Last used</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <EmptyTableRow rowCount={keys.length} columns={5} />
        {keys.map((key) => (
          <TableRow key={key.id}>
            <TableCell>{key.name}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{`${key.prefix}…`}</TableCell>
            <TableCell>{formatUtcDate(key.created_at, 'usDate')}</TableCell>
            <TableCell>
              {key.last_used_at === null ? 'Never' : formatUtcDate(key.last_used_at, 'usDate')}
            </TableCell>
            <TableCell align="right">
              {key.revoked_at === null ? (
                <Button
                  size="small"
                  color="error"
                  aria-label={`Revoke ${key.name}`}
                  onClick={() => onRevoke(key)}
                >
                  Revoke
                </Button>
              ) : (
                <Chip
                  size="small"
                  variant="outlined"
                  label={`Revoked ${formatUtcDate(key.revoked_at, 'usDate')}`}
                />
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
