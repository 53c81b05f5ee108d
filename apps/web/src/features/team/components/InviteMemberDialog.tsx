import { type InviteMemberRequest, inviteMemberRequestSchema } from '@finlens/contracts/team';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormActions } from '../../../components/FormActions';
import { applyServerErrors } from '../../../components/form-errors';
import { textFieldProps } from '../../../components/form-field';
import { useInviteMemberMutation } from '../api/invite-member-mutation';

type InviteForm = z.input<typeof inviteMemberRequestSchema>;

/** Invite by email with a role; the address joins when it accepts (an account in Switch Account, else by setting a password). */
export function InviteMemberDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteMemberMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteForm, unknown, z.output<typeof inviteMemberRequestSchema>>({
    resolver: zodResolver(inviteMemberRequestSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values: InviteMemberRequest) => {
    setFormError(null);
    try {
      await invite.mutateAsync(values);
      close();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email', 'role']));
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby="invite-member-title" fullWidth maxWidth="xs">
      <form onSubmit={onSubmit} noValidate aria-label="Invite member">
        <DialogTitle id="invite-member-title">Invite a team member</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError === null ? null : <Alert severity="error">{formError}</Alert>}
            <TextField label="Email" type="email" autoComplete="off" {...textFieldProps(form, 'email')} />
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <TextField select label="Role" {...field} fullWidth>
                  <MenuItem value="member">Member</MenuItem>
                  <MenuItem value="admin">Admin</MenuItem>
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <FormActions submitLabel="Send invitation" pending={form.formState.isSubmitting} onCancel={close} />
      </form>
    </Dialog>
  );
}
