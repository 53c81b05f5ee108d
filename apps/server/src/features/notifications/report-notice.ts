import type { DispatchPayload } from '@finlens/contracts/notifications';

/**
 * The `report` source's message: a report was mailed. It names no recipient (they got the report itself),
 * so it reaches the channels subscribed to reports.
 */
export function reportSentNotice(args: {
  clientId: string;
  report: { id: string; name: string };
  recipients: number;
}): DispatchPayload {
  const { clientId, report, recipients } = args;
  return {
    clientId,
    source: 'report',
    sourceId: report.id,
    subject: `Report "${report.name}" was sent`,
    text: `Finlens mailed the report "${report.name}" to ${recipients} recipient(s).`,
    link: `/v3/reports-api/?report_id=${report.id}`,
    severity: 'info',
    facts: { Report: report.name, Recipients: String(recipients) },
    recipients: { userIds: [], emails: [], channelIds: [] },
  };
}
