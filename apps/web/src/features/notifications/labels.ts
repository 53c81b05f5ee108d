import type { ChannelKind, NotificationSource } from '@finlens/contracts/notifications';

export const KIND_LABELS: Record<ChannelKind, string> = {
  email: 'Email',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  pagerduty: 'PagerDuty',
  webhook: 'Signed webhook',
};

export const SOURCE_LABELS: Record<NotificationSource, string> = {
  cost_target_alert: 'Cost target alerts',
  anomaly: 'Anomalies',
  report: 'Reports',
  scheduler: 'Resource scheduler (drift, restarts)',
  commitment: 'Commitments (expiring, under-used, coverage, new)',
  recommendation: 'Savings recommendations (weekly digest: new ones, savings verified)',
};
