import {
  COMMITMENT_ALERT_DEFAULTS,
  type CommitmentAlertSettings,
  commitmentAlertSettingsSchema,
} from '@finlens/contracts/commitments';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormActions } from '../../components/FormActions';
import { applyServerErrors } from '../../components/form-errors';
import { textFieldProps } from '../../components/form-field';
import { useSaveAlertSettingsMutation } from './api/commitments-query';
import { hundredths } from './commitment-format';

const shape = commitmentAlertSettingsSchema.shape;

/** A number typed in a text field, held to `rule` with the message a person reads. */
const numberText = (message: string, rule: (value: number) => boolean) =>
  z
    .string()
    .trim()
    .refine((text) => text !== '' && Number.isFinite(Number(text)) && rule(Number(text)), message)
    .transform(Number);

// The form speaks percent and points; the API ratios. Lead times are typed as a list ("90, 30, 7").
const formSchema = z.object({
  expiry_days: z
    .string()
    .transform((text) =>
      text
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number),
    )
    .superRefine((days, ctx) => {
      const checked = shape.expiry_days.safeParse(days);
      if (!checked.success)
        ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'Enter days.' });
    }),
  utilisation_below: numberText('Enter a percentage from 0 to 100.', (v) => v >= 0 && v <= 100).transform(
    (v) => v / 100,
  ),
  coverage_drop_points: numberText('Enter points above 0, at most 100.', (v) => v > 0 && v <= 100).transform(
    (v) => v / 100,
  ),
  purchase_days: numberText(
    'Enter whole days from 1 to 90.',
    (v) => shape.purchase_days.safeParse(v).success,
  ),
});
type FormValues = z.input<typeof formSchema>;
const FIELDS = ['expiry_days', 'utilisation_below', 'coverage_drop_points', 'purchase_days'] as const;

function formValuesOf(settings: CommitmentAlertSettings): FormValues {
  return {
    expiry_days: settings.expiry_days.join(', '),
    utilisation_below: hundredths(settings.utilisation_below),
    coverage_drop_points: hundredths(settings.coverage_drop_points),
    purchase_days: String(settings.purchase_days),
  };
}

/**
 * The client's commitment alert thresholds (admins): expiry lead times, the under-used share, the coverage drop and
 * how recent a purchase is announced. The server's 400 lands under the field it names.
 */
export function AlertSettingsDialog({
  settings,
  onClose,
}: {
  settings: CommitmentAlertSettings;
  onClose: () => void;
}) {
  const save = useSaveAlertSettingsMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, CommitmentAlertSettings>({
    resolver: zodResolver(formSchema),
    defaultValues: formValuesOf(settings),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELDS));
    }
  });
  const field = (name: (typeof FIELDS)[number], unit: string) => ({
    ...textFieldProps(form, name),
    slotProps: { input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="alert-settings-title" fullWidth maxWidth="xs">
      <form onSubmit={onSubmit} noValidate aria-label="Commitment alert settings">
        <DialogTitle id="alert-settings-title">Commitment alert settings</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError === null ? null : <Alert severity="error">{formError}</Alert>}
            <TextField
              label="Expiry notices (days before the end)"
              {...textFieldProps(form, 'expiry_days')}
              helperText={
                form.formState.errors.expiry_days?.message ?? 'Up to five lead times, e.g. 90, 30, 7.'
              }
            />
            <TextField label="Under-used below" inputMode="decimal" {...field('utilisation_below', '%')} />
            <TextField
              label="Coverage drop of at least"
              inputMode="decimal"
              {...field('coverage_drop_points', 'points')}
            />
            <TextField
              label="Announce purchases of the last"
              inputMode="numeric"
              {...field('purchase_days', 'days')}
            />
            <Button
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => form.reset(formValuesOf(COMMITMENT_ALERT_DEFAULTS), { keepDefaultValues: true })}
            >
              Restore the defaults
            </Button>
          </Stack>
        </DialogContent>
        <FormActions submitLabel="Save" pending={form.formState.isSubmitting} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
