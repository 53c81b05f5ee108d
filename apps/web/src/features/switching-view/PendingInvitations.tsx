import { formatUtcDate } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAnswerInvitationMutation } from './api/answer-invitation-mutation';
import { useMyInvitations } from './api/my-invitations-query';

/** The organisations that invited the user: they join one only by accepting here. */
export function PendingInvitations() {
  const invitations = useMyInvitations();
  const answer = useAnswerInvitationMutation();
  if (!invitations.isSuccess || invitations.data.length === 0) return null;
  return (
    <Stack component="section" aria-label="Invitations" spacing={1} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2">
        Invitations
      </Typography>
      {answer.isError ? <Alert severity="error">{answer.error.message}</Alert> : null}
      {invitations.data.map((invitation) => (
        <Paper key={invitation.id} variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Stack sx={{ flexGrow: 1 }}>
              <Typography>
                {invitation.client_name} invited you as{' '}
                {invitation.role === 'admin' ? 'an admin' : 'a member'}.
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Expires {formatUtcDate(invitation.expires_at, 'dayMonthYear')}
              </Typography>
            </Stack>
            <Button
              variant="contained"
              size="small"
              aria-label={`Accept the invitation of ${invitation.client_name}`}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ id: invitation.id, accept: true })}
            >
              Accept
            </Button>
            <Button
              size="small"
              aria-label={`Decline the invitation of ${invitation.client_name}`}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ id: invitation.id, accept: false })}
            >
              Decline
            </Button>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
