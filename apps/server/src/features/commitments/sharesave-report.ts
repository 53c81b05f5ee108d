import { SHARESAVE_CSV_COLUMNS, type ShareSave } from '@finlens/contracts/commitments';
import { shareSaveAllowed, shareSaveMonth } from '@finlens/cost-model/commitments/sharesave';
import { csvExport } from '../../platform/http/csv-export';
import { notFound } from '../../platform/http/http-error';

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
