import type { MembershipRole } from '@finlens/contracts/roles';
import type { TeamInvitation, TeamMember } from '@finlens/contracts/team';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AdminAction, useIsAdmin } from '../../components/AdminAction';
import { BarsLoader } from '../../components/BarsLoader';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterToggle } from '../../components/FilterToggle';
import { useConfirmRemoval } from '../../components/use-confirm-removal';
import { useUrlFilter } from '../../lib/use-url-filter';
import { useCurrentUser } from '../auth/api/current-user-query';
import { usePolicyVersion } from '../policy/api/policy-version-query';
import { useTeamInvitations } from './api/invitations-query';
import { useRemoveMemberMutation } from './api/remove-member-mutation';
import { useRevokeInvitationMutation } from './api/revoke-invitation-mutation';
import { useTeamMembers } from './api/team-members-query';
import { useUpdateMemberMutation } from './api/update-member-mutation';
import { InvitationsTable } from './components/InvitationsTable';
import { InviteMemberDialog } from './components/InviteMemberDialog';
import { ADMIN_ONLY_MESSAGE, MembersTable } from './components/MembersTable';
import { PolicyStatesTable } from './components/PolicyStatesTable';

/** Spec §2 user filters; the first three map to the `role` query, Policies shows the projects' policy state. */
const FILTERS = [
  { value: 'all', label: 'All Users' },
  { value: 'admin', label: 'Admins' },
  { value: 'member', label: 'Members' },
  { value: 'policies', label: 'Policies' },
] as const;
const FILTER_VALUES = FILTERS.map((item) => item.value);
const FILTER_PARAM = 'users';

function MembersPanel({ role }: { role: 'all' | 'admin' | 'member' }) {
  const members = useTeamMembers(role);
  const { data: profile } = useCurrentUser();
  const updateRole = useUpdateMemberMutation();
  const remove = useRemoveMemberMutation();
  const removal = useConfirmRemoval(remove, (item: TeamMember) => item.user_id);

  if (members.isPending) return <BarsLoader />;
  if (members.isError) return <Alert severity="error">{members.error.message}</Alert>;
  const changeRole = (member: TeamMember, next: MembershipRole) => {
    if (next !== member.role) updateRole.mutate({ userId: member.user_id, role: next });
  };
  return (
    <>
      {updateRole.isError ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => updateRole.reset()}>
          {updateRole.error.message}
        </Alert>
      ) : null}
      <MembersTable
        members={members.data}
        currentUserId={profile?.id ?? null}
        onRoleChange={changeRole}
        onRemove={removal.ask}
      />
      <ConfirmDialog
        title="Remove team member"
        text={`Remove ${removal.target?.email ?? ''} from this organisation? They lose access at once.`}
        confirmLabel="Remove"
        {...removal.dialog}
      />
    </>
  );
}

/** Admins see who was invited and has not answered; an invited person is not a member until they accept. */
function InvitationsPanel() {
  const isAdmin = useIsAdmin();
  const invitations = useTeamInvitations(isAdmin);
  const revoke = useRevokeInvitationMutation();
  const removal = useConfirmRemoval(revoke, (item: TeamInvitation) => item.id);
  if (!isAdmin) return null;
  return (
    <Box component="section" aria-label="Invitations" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        Pending invitations
      </Typography>
      {invitations.isPending ? <BarsLoader /> : null}
      {invitations.isError ? <Alert severity="error">{invitations.error.message}</Alert> : null}
      {invitations.isSuccess ? (
        <InvitationsTable invitations={invitations.data} onRevoke={removal.ask} />
      ) : null}
      <ConfirmDialog
        title="Revoke invitation"
        text={`Revoke the invitation of ${removal.target?.email ?? ''}? Its link stops working.`}
        confirmLabel="Revoke"
        {...removal.dialog}
      />
    </Box>
  );
}

function PoliciesPanel() {
  const policy = usePolicyVersion();
  if (policy.isPending) return <BarsLoader />;
  if (policy.isError) return <Alert severity="error">{policy.error.message}</Alert>;
  return <PolicyStatesTable policy={policy.data} />;
}

/** Settings tab Team Members: list with filters, invite, change role, remove (admins only). */
export function TeamMembersTab() {
  const [inviting, setInviting] = useState(false);
  const [filter, selectFilter] = useUrlFilter(FILTER_PARAM, FILTER_VALUES, 'all');

  return (
    <Box sx={{ pt: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h2">
          Team Members
        </Typography>
        <AdminAction reason={ADMIN_ONLY_MESSAGE}>
          {(disabled) => (
            <Button
              variant="contained"
              startIcon={<PersonAddOutlined />}
              disabled={disabled}
              onClick={() => setInviting(true)}
            >
              Invite member
            </Button>
          )}
        </AdminAction>
      </Stack>
      <FilterToggle label="User filter" value={filter} options={FILTERS} onChange={selectFilter} />
      {filter === 'policies' ? <PoliciesPanel /> : <MembersPanel role={filter} />}
      {filter === 'policies' ? null : <InvitationsPanel />}
      <InviteMemberDialog open={inviting} onClose={() => setInviting(false)} />
    </Box>
  );
}
