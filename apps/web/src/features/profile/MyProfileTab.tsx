import { type Profile, type ProfileUpdate, profileUpdateSchema } from '@finlens/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BarsLoader } from '../../components/BarsLoader';
import { SaveButton } from '../../components/FormActions';
import { applyServerErrors } from '../../components/form-errors';
import { textFieldProps } from '../../components/form-field';
import { useCurrentUser } from '../auth/api/current-user-query';
import { useUpdateProfileMutation } from './api/update-profile-mutation';

// Names are required on the form even though the PATCH accepts a partial body.
const profileFormSchema = profileUpdateSchema
  .required({ first_name: true, last_name: true })
  .refine((values) => values.first_name !== '' && values.last_name !== '', {
    message: 'This field is required.',
    path: ['first_name'],
  });

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfileMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<z.input<typeof profileFormSchema>, unknown, ProfileUpdate>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ first_name: saved.first_name, last_name: saved.last_name });
      setMessage({ ok: true, text: 'Your profile has been saved.' });
    } catch (error) {
      const text = applyServerErrors(error, form.setError, ['first_name', 'last_name']);
      if (text !== null) setMessage({ ok: false, text });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="My profile">
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {message === null ? null : <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert>}
        <TextField label="First name" autoComplete="given-name" {...textFieldProps(form, 'first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...textFieldProps(form, 'last_name')} />
        <TextField
          label="Email"
          value={profile.email}
          slotProps={{ input: { readOnly: true } }}
          helperText="Your sign-in address cannot be changed here."
          fullWidth
        />
        <SaveButton form={form} />
      </Stack>
    </form>
  );
}

/** Settings tab My Profile: first and last name (PATCH /c/current/user/), the email read-only. */
export function MyProfileTab() {
  const user = useCurrentUser();
  return (
    <Box sx={{ pt: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        My Profile
      </Typography>
      {user.isPending ? <BarsLoader /> : null}
      {user.isError ? <Alert severity="error">{user.error.message}</Alert> : null}
      {user.isSuccess ? <ProfileForm profile={user.data} /> : null}
    </Box>
  );
}
