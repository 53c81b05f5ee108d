import type { CommitmentAlertSettings, CommitmentAlerts } from '@finlens/contracts/commitments';
import type { DispatchPayload } from '@finlens/contracts/notifications';
import {
  type CommitmentAlert,
  type CommitmentAlertInput,
  commitmentAlerts,
} from '@finlens/cost-model/commitments/alerts';

const INVENTORY_LINK = '/v3/cost/reserved/';
const DASHBOARD_LINK = '/v3/compute-copilot/cm/dashboard/';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const usd = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const dayOf = (at: Date | null) => at?.toISOString().slice(0, 10) ?? 'unknown';

/** The contract's settings as the cost model's rules take them. */
export function alertRules(settings: CommitmentAlertSettings) {
  return {
    expiryDays: settings.expiry_days,
    utilisationBelow: settings.utilisation_below,
    coverageDropPoints: settings.coverage_drop_points,
    purchaseDays: settings.purchase_days,
  };
}

/** What an alert says, the same in the notification and on the dashboard. */
export function describeAlert(alert: CommitmentAlert): {
  subject: string;
  text: string;
  link: string;
  facts: Record<string, string>;
} {
  switch (alert.kind) {
    case 'expiry': {
      const c = alert.commitment;
      const days = Math.ceil(alert.daysLeft);
      return {
        subject: `${c.label} expires in ${days} day${days === 1 ? '' : 's'}`,
        text: `The ${c.kind === 'reservation' ? 'reservation' : 'savings plan'} ends on ${dayOf(c.end)} (the ${alert.threshold}-day notice). Renew or replace it, or let it expire on purpose: the usage it covers goes back to on-demand rates.`,
        link: INVENTORY_LINK,
        facts: { Commitment: c.arn, Ends: dayOf(c.end), 'Days left': String(days) },
      };
    }
    case 'utilisation': {
      const c = alert.commitment;
      return {
        subject: `${c.label} is under-used: ${percent(alert.utilisation)} used`,
        text: `Over the last 30 billed days it was used ${percent(alert.utilisation)}, below the ${percent(alert.threshold)} threshold; ${usd(c.unusedCost)} of it went unused.`,
        link: DASHBOARD_LINK,
        facts: {
          Commitment: c.arn,
          Utilisation: percent(alert.utilisation),
          Threshold: percent(alert.threshold),
          'Unused cost (30 days)': usd(c.unusedCost),
        },
      };
    }
    case 'coverage':
      return {
        subject: `Commitment coverage dropped from ${percent(alert.previous)} to ${percent(alert.current)}`,
        text: `Coverage of eligible usage over the last 7 billed days is ${percent(alert.current)}, against ${percent(alert.previous)} over the 28 days before: more usage runs at on-demand rates.`,
        link: DASHBOARD_LINK,
        facts: { 'Last 7 days': percent(alert.current), '28 days before': percent(alert.previous) },
      };
    case 'purchase': {
      const c = alert.commitment;
      return {
        subject: `New commitment: ${c.label}`,
        text: `A ${c.kind === 'reservation' ? 'reservation' : 'savings plan'} started on ${dayOf(c.start)} and runs until ${dayOf(c.end)}.`,
        link: INVENTORY_LINK,
        facts: { Commitment: c.arn, Starts: dayOf(c.start), Ends: dayOf(c.end) },
      };
    }
  }
}

/** The alerts due for an input (null: no bill yet) as the API answers them. */
export function alertsAnswer(
  input: CommitmentAlertInput | null,
  settings: CommitmentAlertSettings,
  now: Date,
): CommitmentAlerts {
  const alerts = input === null ? [] : commitmentAlerts(input, alertRules(settings));
  return {
    as_of: (input?.now ?? now).toISOString(),
    newest_day: input?.newestDay ?? null,
    settings,
    alerts: alerts.map((alert) => {
      const { subject, text } = describeAlert(alert);
      const commitment = alert.kind === 'coverage' ? null : alert.commitment;
      return {
        key: alert.key,
        kind: alert.kind,
        severity: alert.severity,
        subject,
        text,
        arn: commitment?.arn ?? null,
        commitment_kind: commitment?.kind ?? null,
        end: commitment?.end?.toISOString() ?? null,
        days_left: alert.kind === 'expiry' ? alert.daysLeft : null,
        utilisation: alert.kind === 'utilisation' ? alert.utilisation : null,
        unused_cost: alert.kind === 'utilisation' ? alert.commitment.unusedCost : null,
        coverage_previous: alert.kind === 'coverage' ? alert.previous : null,
        coverage_current: alert.kind === 'coverage' ? alert.current : null,
      };
    }),
  };
}

/** The notification of one alert for a client's admins and the channels subscribed to commitments. */
export function alertNotice(clientId: string, alert: CommitmentAlert, adminIds: string[]): DispatchPayload {
  const { subject, text, link, facts } = describeAlert(alert);
  return {
    clientId,
    source: 'commitment',
    sourceId: alert.key,
    subject,
    text,
    link,
    severity: alert.severity,
    facts,
    recipients: { userIds: adminIds, emails: [], channelIds: [] },
  };
}

/** The job queue's key of an alert: a client hears each alert's slot once. */
export const alertDedupeKey = (clientId: string, alert: CommitmentAlert) =>
  `commitments.alert:${clientId}:${alert.key}`;
