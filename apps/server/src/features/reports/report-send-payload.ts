import { reportRecipientsSchema } from '@finlens/contracts/reports';
import { z } from 'zod';

export const REPORT_SEND_JOB = 'reports.send';

/**
 * A scheduled send carries only the report (its slot is the job's run_at, which the schedule set to the
 * slot); "send now" carries the moment it was asked and its recipients.
 */
export const reportSendPayloadSchema = z.object({
  report_id: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  slot: z.string().optional(),
  recipients: reportRecipientsSchema.optional(),
});
export type ReportSendPayload = z.input<typeof reportSendPayloadSchema>;
