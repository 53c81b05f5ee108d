import {
  SHARESAVE_CSV_COLUMNS,
  SHARESAVE_PARTNER_CSV_COLUMNS,
  type ShareSave,
  type ShareSavePartner,
} from '@finlens/contracts/commitments';
import { shareSaveAllowed, shareSaveMonth } from '@finlens/cost-model/commitments/sharesave';
import { csvExport } from '../../platform/http/csv-export';
import { notFound } from '../../platform/http/http-error';
import { limiter } from '../../platform/limiter';

/** The partner view reads this many clients' 13 months of commitment rows at once, the others waiting. */
const CLIENTS_AT_ONCE = 4;

/** What ShareSave reads of a client: its flag, its partner and the share it agreed (null until set). */
export interface ShareSaveSetting {
  sharesave_allowed: boolean;
  partner: string | null;
  share: number | null;
  updatedAt: Date | null;
}

/** 404 unless the client may see ShareSave (spec §6): invisible otherwise, not forbidden. */
export function assertShareSaveAllowed(setting: ShareSaveSetting, partners: ReadonlySet<string>): void {
  if (!shareSaveAllowed(setting, partners)) throw notFound();
}

/** The savings-share report from each month's realised commitment savings and the agreed share. */
export function shareSaveReport(
  months: readonly { month: string; savings: number }[],
  setting: ShareSaveSetting,
): ShareSave {
  const share = setting.share;
  const rows = months.map((m) => {
    if (share === null)
      return {
        month: m.month,
        realised_savings: m.savings,
        share,
        partner_fee: null,
        client_net_saving: null,
      };
    const split = shareSaveMonth(m.month, m.savings, share);
    return {
      month: m.month,
      realised_savings: split.realisedSavings,
      share,
      partner_fee: split.partnerFee,
      client_net_saving: split.clientNetSaving,
    };
  });
  const total = (pick: (row: (typeof rows)[number]) => number | null) =>
    share === null ? null : rows.reduce((t, row) => t + (pick(row) ?? 0), 0);
  return {
    share,
    updated_at: setting.updatedAt?.toISOString() ?? null,
    partner: setting.partner,
    months: rows,
    totals: {
      realised_savings: rows.reduce((t, row) => t + row.realised_savings, 0),
      partner_fee: total((row) => row.partner_fee),
      client_net_saving: total((row) => row.client_net_saving),
    },
  };
}

/** One line per month, SHARESAVE_CSV_COLUMNS in order, unrounded as the JSON answers them. */
export function shareSaveCsv(report: ShareSave): Promise<string> {
  return csvExport(SHARESAVE_CSV_COLUMNS, report.months, (m) =>
    SHARESAVE_CSV_COLUMNS.map((column) => m[column]),
  );
}

/** A partner's client with its ShareSave setting (the partner view). */
export interface PartnerClientSetting extends ShareSaveSetting {
  clientId: string;
  clientName: string;
}

/**
 * The partner view: the report of each of the partner's clients where ShareSave is allowed, read over all of the
 * client's projects (CLIENTS_AT_ONCE at a time), and the totals across them (fees and net savings of the clients
 * with an agreed share only).
 */
export async function partnerShareSave({
  partner,
  clients,
  partners,
  realisedSavings,
}: {
  partner: string;
  clients: readonly PartnerClientSetting[];
  partners: ReadonlySet<string>;
  realisedSavings: (clientId: string) => Promise<{ month: string; savings: number }[]>;
}): Promise<ShareSavePartner> {
  const limit = limiter(CLIENTS_AT_ONCE);
  const reports = await Promise.all(
    clients
      .filter((client) => shareSaveAllowed(client, partners))
      .map(async (client) => {
        const { partner: _partner, ...report } = shareSaveReport(
          await limit(() => realisedSavings(client.clientId)),
          client,
        );
        return { client_id: client.clientId, client_name: client.clientName, ...report };
      }),
  );
  const agreed = reports.filter((r) => r.share !== null);
  const sum = (
    of: readonly (typeof reports)[number][],
    pick: (r: (typeof reports)[number]) => number | null,
  ) => of.reduce((t, r) => t + (pick(r) ?? 0), 0);
  return {
    partner,
    clients: reports,
    totals: {
      realised_savings: sum(reports, (r) => r.totals.realised_savings),
      partner_fee: agreed.length === 0 ? null : sum(agreed, (r) => r.totals.partner_fee),
      client_net_saving: agreed.length === 0 ? null : sum(agreed, (r) => r.totals.client_net_saving),
    },
  };
}

/**
 * The partner view as CSV: one line per client (SHARESAVE_PARTNER_CSV_COLUMNS, as the screen's table: its name,
 * share, the totals over its months and how many months), unrounded as the JSON answers them.
 */
export function partnerShareSaveCsv(view: ShareSavePartner): Promise<string> {
  return csvExport(SHARESAVE_PARTNER_CSV_COLUMNS, view.clients, (c) => [
    c.client_name,
    c.share,
    c.totals.realised_savings,
    c.totals.partner_fee,
    c.totals.client_net_saving,
    c.months.length,
  ]);
}
