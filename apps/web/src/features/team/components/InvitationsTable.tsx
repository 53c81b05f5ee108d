import type { TeamInvitation } from '@finlens/contracts/team';
import { formatUtcDate } from '@finlens/cost-model/format';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { EmptyTableRow } from '../../../components/EmptyTableRow';
import { HeaderRow } from '../../../components/HeaderRow';

/** Pending invitations of the client (admins): who was asked, as what, until when; revoke one. */
export function InvitationsTable({
  invitations,
  onRevoke,
}: {
  invitations: TeamInvitation[];
  onRevoke: (invitation: TeamInvitation) => void;
}) {
  return (
    <Table size="small" aria-label="Pending invitations">
      <HeaderRow labels={['Email', 'Role', 'Invited', 'Expires', '']} />
      <TableBody>
        <EmptyTableRow rowCount={invitations.length} columns={5} />
        {invitations.map((invitation) => (
          <TableRow key={invitation.id}>
            <TableCell>{invitation.email}</TableCell>
            <TableCell>{invitation.role === 'admin' ? 'Admin' : 'Member'}</TableCell>
            <TableCell>{formatUtcDate(invitation.invited_at, 'dayMonthYear')}</TableCell>
            <TableCell>{formatUtcDate(invitation.expires_at, 'dayMonthYear')}</TableCell>
            <TableCell align="right">
              <Button
                size="small"
                aria-label={`Revoke the invitation of ${invitation.email}`}
                onClick={() => onRevoke(invitation)}
              >
                Revoke
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
