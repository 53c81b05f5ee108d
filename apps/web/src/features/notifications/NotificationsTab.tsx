import { EMAIL_FREQUENCIES, type Preferences, preferencesSchema } from '@finlens/contracts/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { BarsLoader } from '../../components/BarsLoader';
import { SaveButton } from '../../components/FormActions';
import { usePreferences } from './api/preferences-query';
import { useSavePreferencesMutation } from './api/save-preferences-mutation';
import { SourceCheckboxes } from './components/SourceCheckboxes';

const FREQUENCY_LABELS: Record<Preferences['email_frequency'], string> = {
  immediately: 'Immediately — one email per notification',
  daily: 'Daily digest (07:00 UTC)',
  weekly: 'Weekly digest (Mondays)',
  off: 'Off — no emails',
};

function PreferencesForm({ preferences }: { preferences: Preferences }) {
  const save = useSavePreferencesMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<Preferences>({ resolver: zodResolver(preferencesSchema), defaultValues: preferences });
  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      form.reset(await save.mutateAsync(values));
      setMessage({ ok: true, text: 'Notification preferences saved.' });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : 'Something went wrong.' });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Notification preferences">
      <Stack spacing={3} sx={{ maxWidth: 560 }}>
        {message === null ? null : <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert>}
        <Controller
          control={form.control}
          name="email_sources"
          render={({ field }) => (
            <SourceCheckboxes legend="Email me about" value={field.value} onChange={field.onChange} />
          )}
        />
        <Controller
          control={form.control}
          name="email_frequency"
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend" id="email-frequency-label">
                How often
              </FormLabel>
              <RadioGroup
                aria-labelledby="email-frequency-label"
                value={field.value}
                onChange={(_event, value) => field.onChange(value)}
              >
                {EMAIL_FREQUENCIES.map((frequency) => (
                  <FormControlLabel
                    key={frequency}
                    value={frequency}
                    label={FREQUENCY_LABELS[frequency]}
                    control={<Radio />}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        <SaveButton form={form} />
      </Stack>
    </form>
  );
}

/** Settings tab Notifications: what the signed-in user receives by email and how often (every user). */
export function NotificationsTab() {
  const preferences = usePreferences();
  return (
    <Box sx={{ pt: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Notifications
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Notifications addressed to you (target alerts, anomalies, reports) arrive by email. Channels such as
        Slack or PagerDuty are set up by admins in the Notifications Center.
      </Typography>
      {preferences.isPending ? <BarsLoader /> : null}
      {preferences.isError ? <Alert severity="error">{preferences.error.message}</Alert> : null}
      {preferences.isSuccess ? <PreferencesForm preferences={preferences.data} /> : null}
    </Box>
  );
}
