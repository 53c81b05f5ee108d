import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { HeaderRow } from '../../components/HeaderRow';
import { useTeamMembers } from '../team/api/team-members-query';
import { useSetValueAccess } from './api/set-value-access-mutation';
import { useValueAccess, type ValueAccess } from './api/value-access-query';

interface Props {
  showbackId: string;
  /** The values to choose from (typed ones are allowed too: a value may get cost later). */
  values: readonly string[];
  onClose: () => void;
}

/**
 * Member access (spec §6): which values of this showback each member sees, unless they may see all values
 * (a member's setting for every showback of the client). Admins always see every value.
 */
export function ValueAccessDialog({ showbackId, values, onClose }: Props) {
  const access = useValueAccess(showbackId, true);
  const admins = useTeamMembers('admin');
  const adminIds = new Set((admins.data ?? []).map((m) => m.user_id));
  return (
    <Dialog open onClose={onClose} aria-labelledby="value-access-title" fullWidth maxWidth="md">
      <DialogTitle id="value-access-title">Member access</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A member who may not see all values sees only the values chosen here: in this showback's pages,
          exports and chargebacks, with totals of those values only, and no Unallocated or rules. "All values"
          is the member's setting for every showback of the client.
        </Typography>
        {access.isError ? <Alert severity="error">{access.error.message}</Alert> : null}
        {access.data === undefined ? (
          <Skeleton variant="rounded" height={120} aria-busy="true" aria-label="Loading member access" />
        ) : (
          <Table size="small" aria-label="Member access">
            <HeaderRow labels={['Member', 'All values', 'Values of this showback', '']} />
            <TableBody>
              {access.data.map((member) => (
                <AccessRow
                  key={member.user_id}
                  showbackId={showbackId}
                  member={member}
                  isAdmin={adminIds.has(member.user_id)}
                  values={values}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

interface RowProps {
  showbackId: string;
  member: ValueAccess;
  isAdmin: boolean;
  values: readonly string[];
}

function AccessRow({ showbackId, member, isAdmin, values }: RowProps) {
  const save = useSetValueAccess(showbackId);
  const [all, setAll] = useState(member.allowed_all_showback_values);
  const [chosen, setChosen] = useState(member.showback_values);
  const changed =
    all !== member.allowed_all_showback_values ||
    JSON.stringify([...chosen].sort()) !== JSON.stringify(member.showback_values);
  if (isAdmin) {
    return (
      <TableRow>
        <TableCell>{member.email}</TableCell>
        <TableCell colSpan={3}>
          <Chip size="small" label="Admin" sx={{ mr: 1 }} />
          Sees every value.
        </TableCell>
      </TableRow>
    );
  }
  return (
    <TableRow>
      <TableCell>{member.email}</TableCell>
      <TableCell>
        <Switch
          checked={all}
          onChange={(event) => setAll(event.target.checked)}
          slotProps={{ input: { 'aria-label': `${member.email} sees all values` } }}
        />
      </TableCell>
      <TableCell>
        <Autocomplete
          multiple
          freeSolo
          size="small"
          disabled={all}
          sx={{ minWidth: 280 }}
          options={[...values]}
          value={chosen}
          onChange={(_, next) => setChosen(next)}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Values"
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'aria-label': `Values of ${member.email}` },
              }}
              error={save.isError}
              helperText={save.isError ? save.error.message : undefined}
            />
          )}
        />
      </TableCell>
      <TableCell>
        <Button
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              user_id: member.user_id,
              allowed_all_showback_values: all,
              showback_values: chosen,
            })
          }
        >
          Save
        </Button>
      </TableCell>
    </TableRow>
  );
}
