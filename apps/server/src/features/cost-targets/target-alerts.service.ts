import type {
  Alert,
  AlertFrequency,
  alertInputSchema,
  alertPatchSchema,
  TargetPeriodStatus,
} from '@finlens/contracts/cost-targets';
import type { DispatchPayload } from '@finlens/contracts/notifications';
import type { z } from 'zod';
import type { ClientCaller } from '../../platform/auth/caller';
import { notFound } from '../../platform/http/http-error';
import type { AlertRow, CostTargetsRepo } from './cost-targets.repo';

export function alertView(row: AlertRow): Alert {
  return {
    id: row.id,
    cost_target: row.cost_target_id,
    basis: row.basis,
    threshold_type: row.threshold_type,
    threshold: row.threshold,
    frequency: row.frequency,
    recipients: row.recipients,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The alert calls of cost_target_alert/ (evaluation and delivery are in target-alert-jobs.ts). */
export function createTargetAlertsService({ repo }: { repo: CostTargetsRepo }) {
  async function ownTarget(caller: ClientCaller, id: string) {
    const row = await repo.target(caller.clientId, id);
    if (row === null) throw notFound();
    return row;
  }
  async function ownAlert(caller: ClientCaller, id: string): Promise<AlertRow> {
    const row = await repo.alert(caller.clientId, id);
    if (row === null) throw notFound();
    return row;
  }

  return {
    async list(caller: ClientCaller, targetId: string): Promise<Alert[]> {
      await ownTarget(caller, targetId);
      return (await repo.alerts(targetId)).map(alertView);
    },

    async create(caller: ClientCaller, input: z.infer<typeof alertInputSchema>): Promise<Alert> {
      await ownTarget(caller, input.cost_target);
      const { cost_target, ...rest } = input;
      const id = await repo.insertAlert({ cost_target_id: cost_target, ...rest });
      return alertView(await ownAlert(caller, id));
    },

    async update(caller: ClientCaller, id: string, patch: z.infer<typeof alertPatchSchema>): Promise<Alert> {
      await ownAlert(caller, id);
      await repo.updateAlerts({ id }, patch);
      return alertView(await ownAlert(caller, id));
    },

    async remove(caller: ClientCaller, id: string): Promise<void> {
      await ownAlert(caller, id);
      await repo.deleteAlert(id);
    },

    /** Every alert of the target gets `frequency`. */
    async syncFrequencies(
      caller: ClientCaller,
      targetId: string,
      frequency: AlertFrequency,
    ): Promise<Alert[]> {
      await ownTarget(caller, targetId);
      await repo.updateAlerts({ targetId }, { frequency });
      return (await repo.alerts(targetId)).map(alertView);
    },
  };
}

export type TargetAlertsService = ReturnType<typeof createTargetAlertsService>;

/** The level an alert's value has reached: its threshold as money (a percent of the budget, or the amount). */
export function thresholdAmount(
  alert: Pick<AlertRow, 'threshold' | 'threshold_type'>,
  budget: number,
): number {
  return alert.threshold_type === 'percent' ? (budget * alert.threshold) / 100 : alert.threshold;
}

/** True when the period's actual (or forecast total) has reached the alert's threshold. */
export function alertCrossed(
  alert: Pick<AlertRow, 'basis' | 'threshold' | 'threshold_type'>,
  status: TargetPeriodStatus,
): boolean {
  // A percent of a zero budget says nothing; an amount threshold still applies.
  if (alert.threshold_type === 'percent' && status.budget <= 0) return false;
  const value = alert.basis === 'actual' ? status.actual : status.forecast;
  return value >= thresholdAmount(alert, status.budget);
}

const money = (value: number, currency: string) => `${value.toFixed(2)} ${currency}`;

/** The notifications.dispatch payload of one crossing. */
export function alertMessage(args: {
  clientId: string;
  target: { id: string; name: string };
  alert: AlertRow;
  status: TargetPeriodStatus;
  currency: string;
}): DispatchPayload {
  const { alert, status, target, currency } = args;
  const value = alert.basis === 'actual' ? status.actual : status.forecast;
  const threshold =
    alert.threshold_type === 'percent'
      ? `${alert.threshold}% of the budget`
      : money(alert.threshold, currency);
  const verb = alert.basis === 'actual' ? 'has reached' : 'is forecast to reach';
  const ratio = status.budget > 0 ? value / status.budget : Number.POSITIVE_INFINITY;
  return {
    clientId: args.clientId,
    source: 'cost_target_alert',
    sourceId: alert.id,
    subject: `Cost target "${target.name}" ${verb} ${threshold}`,
    text:
      `Spend of "${target.name}" for ${status.period_start} to ${status.period_end} ${verb} ${threshold}: ` +
      `${alert.basis} ${money(value, currency)} against a budget of ${money(status.budget, currency)}.`,
    link: `/v3/burn-down-tracker/?target=${target.id}`,
    severity: ratio >= 1 ? 'critical' : ratio >= 0.8 ? 'warning' : 'info',
    facts: {
      Target: target.name,
      Period: `${status.period_start} to ${status.period_end}`,
      Budget: money(status.budget, currency),
      Actual: money(status.actual, currency),
      Forecast: money(status.forecast, currency),
      Threshold: `${threshold} (${alert.basis})`,
    },
    recipients: {
      userIds: alert.recipients.user_ids,
      emails: alert.recipients.emails,
      channelIds: alert.recipients.channel_ids,
    },
  };
}

const SEVERITY_RANK = { info: 0, warning: 1, critical: 2 } as const;
type RecipientKind = keyof DispatchPayload['recipients'];

/** One digest message listing a target's crossings (oldest first); a single crossing keeps its own message. */
function digestMessage(
  targetId: string,
  crossings: readonly DispatchPayload[],
  frequency: 'daily' | 'weekly',
): DispatchPayload {
  const latest = crossings.at(-1);
  if (latest === undefined) throw new Error('a digest lists at least one crossing');
  if (crossings.length === 1) return { ...latest, digest: true };
  const { Threshold: _, ...facts } = latest.facts;
  return {
    clientId: latest.clientId,
    source: 'cost_target_alert',
    sourceId: targetId,
    subject: `Cost target "${latest.facts.Target}": ${crossings.length} alerts crossed (${frequency} digest)`,
    text: crossings.map((crossing) => `• ${crossing.text}`).join('\n'),
    link: latest.link,
    severity: crossings.reduce(
      (worst, c) => (SEVERITY_RANK[c.severity] > SEVERITY_RANK[worst] ? c.severity : worst),
      latest.severity,
    ),
    facts: { ...facts, Thresholds: crossings.map((crossing) => crossing.facts.Threshold).join('; ') },
    recipients: latest.recipients,
    digest: true,
  };
}

/**
 * A daily or weekly digest of one target's waiting crossings (their messages, oldest first): each recipient
 * (channel, user, address) gets one message listing the crossings routed to it, recipients routed the same
 * crossings sharing it. The message listing every crossing also goes to the channels subscribed to
 * cost-target alerts; the others go to their listed channels only, so a subscribed channel gets one too.
 */
export function digestMessages(
  targetId: string,
  crossings: readonly DispatchPayload[],
  frequency: 'daily' | 'weekly',
): DispatchPayload[] {
  const routed = new Map<string, { kind: RecipientKind; id: string; indexes: Set<number> }>();
  crossings.forEach((crossing, index) => {
    for (const kind of ['channelIds', 'userIds', 'emails'] as const) {
      for (const id of crossing.recipients[kind]) {
        const key = `${kind}:${id}`;
        const entry = routed.get(key) ?? { kind, id, indexes: new Set<number>() };
        entry.indexes.add(index);
        routed.set(key, entry);
      }
    }
  });
  const all = crossings.map((_, index) => index).join(',');
  const groups = new Map<string, DispatchPayload['recipients']>([
    [all, { userIds: [], emails: [], channelIds: [] }],
  ]);
  for (const { kind, id, indexes } of routed.values()) {
    const key = [...indexes].join(',');
    const recipients = groups.get(key) ?? { userIds: [], emails: [], channelIds: [] };
    recipients[kind].push(id);
    groups.set(key, recipients);
  }
  return [...groups].map(([key, recipients]) => ({
    ...digestMessage(
      targetId,
      key.split(',').map((index) => crossings[Number(index)] as DispatchPayload),
      frequency,
    ),
    recipients,
    ...(key === all ? {} : { listedChannelsOnly: true }),
  }));
}
