import { type Anomaly, type AnomalyUpdate, anomalyUpdateSchema } from '@finlens/contracts/anomalies';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormActions } from '../../../components/FormActions';
import { applyServerErrors } from '../../../components/form-errors';
import { textFieldProps } from '../../../components/form-field';
import { scopeText } from '../anomaly-text';
import { useUpdateAnomalyMutation } from '../api/update-anomaly-mutation';

const dismissFormSchema = z
  .object({ reason: z.string() })
  .transform(({ reason }): z.input<typeof anomalyUpdateSchema> => ({ status: 'dismissed', reason }))
  .pipe(anomalyUpdateSchema);
type DismissFormValues = z.input<typeof dismissFormSchema>;

/** Dismiss an anomaly: the contract requires a reason, checked before anything is sent. */
export function DismissDialog({ anomaly, onClose }: { anomaly: Anomaly; onClose: () => void }) {
  const update = useUpdateAnomalyMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DismissFormValues, unknown, AnomalyUpdate>({
    resolver: zodResolver(dismissFormSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: anomaly.id, body });
      onClose();
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, ['reason']));
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="dismiss-dialog-title">
      <form onSubmit={onSubmit} noValidate aria-label="Dismiss anomaly">
        <DialogTitle id="dismiss-dialog-title">Dismiss anomaly</DialogTitle>
        <DialogContent>
          {failure === null ? null : (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <DialogContentText sx={{ mb: 2 }}>
            {scopeText(anomaly)} from {anomaly.start_date}. Say why it is not a problem; the reason is kept
            with the anomaly.
          </DialogContentText>
          <TextField label="Reason" multiline minRows={2} {...textFieldProps(form, 'reason')} />
        </DialogContent>
        <FormActions
          submitLabel="Dismiss"
          color="error"
          pending={form.formState.isSubmitting}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
