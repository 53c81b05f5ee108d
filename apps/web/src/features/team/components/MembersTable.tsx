import type { MembershipRole } from '@finlens/contracts/roles';
import type { TeamMember } from '@finlens/contracts/team';
import { formatUtcDate } from '@finlens/cost-model/format';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { AdminAction } from '../../../components/AdminAction';
import { EmptyTableRow } from '../../../components/EmptyTableRow';

export const ADMIN_ONLY_MESSAGE = 'Only admins can manage team members.';

interface MembersTableProps {
  members: readonly TeamMember[];
  currentUserId: string | null;
  onRoleChange: (member: TeamMember, role: MembershipRole) => void;
  onRemove: (member: TeamMember) => void;
}

function statusOf(member: TeamMember): { label: string; color: 'default' | 'warning' | 'success' } {
  if (member.invitation_pending) return { label: 'Invitation pending', color: 'warning' };
  if (!member.email_verified) return { label: 'Email not verified', color: 'warning' };
  return { label: 'Active', color: 'success' };
}

function displayName(member: TeamMember): string {
  const name = `${member.first_name} ${member.last_name}`.trim();
  return name === '' ? '-' : name;
}

/** The members of the active client; role and removal controls are admin-only. */
export function MembersTable({ members, currentUserId, onRoleChange, onRemove }: MembersTableProps) {
  return (
    <Table size="small" aria-label="Team members">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Email</TableCell>
          <TableCell>Role</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Last sign-in</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <EmptyTableRow rowCount={members.length} columns={6} />
        {members.map((member) => {
          const status = statusOf(member);
          const label =
            member.user_id === currentUserId ? `${displayName(member)} (you)` : displayName(member);
          return (
            <TableRow key={member.user_id}>
              <TableCell>{label}</TableCell>
              <TableCell>{member.email}</TableCell>
              <TableCell>
                <AdminAction reason={ADMIN_ONLY_MESSAGE}>
                  {(disabled) => (
                    <TextField
                      select
                      size="small"
                      value={member.role}
                      disabled={disabled}
                      onChange={(event) => onRoleChange(member, event.target.value as MembershipRole)}
                      slotProps={{ htmlInput: { 'aria-label': `Role of ${member.email}` } }}
                      sx={{ minWidth: 120 }}
                    >
                      <MenuItem value="admin">Admin</MenuItem>
                      <MenuItem value="member">Member</MenuItem>
                    </TextField>
                  )}
                </AdminAction>
              </TableCell>
              <TableCell>
                <Chip label={status.label} color={status.color} size="small" variant="outlined" />
              </TableCell>
              <TableCell>{formatUtcDate(member.last_login_at, 'usDate')}</TableCell>
              <TableCell align="right">
                <AdminAction reason={ADMIN_ONLY_MESSAGE}>
                  {(disabled) => (
                    <Button
                      size="small"
                      color="error"
                      disabled={disabled}
                      aria-label={`Remove ${member.email}`}
                      onClick={() => onRemove(member)}
                    >
                      Remove
                    </Button>
                  )}
                </AdminAction>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
