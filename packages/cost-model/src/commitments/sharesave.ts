/**
 * ShareSave (spec §3 Client `sharesave_allowed`, §6): a partner keeps an agreed share of the savings its
 * commitment management realised. Visible only when the client allows it or belongs to a qualifying partner.
 * A month whose commitments cost more than on demand earns no fee; the client bears that loss.
 */
export interface ShareSaveClient {
  sharesave_allowed: boolean;
  partner: string | null;
}

export function shareSaveAllowed(client: ShareSaveClient, qualifyingPartners: ReadonlySet<string>): boolean {
  return client.sharesave_allowed || (client.partner !== null && qualifyingPartners.has(client.partner));
}

export interface ShareSaveMonth {
  month: string;
  realisedSavings: number;
  share: number;
  partnerFee: number;
  clientNetSaving: number;
}

/** One month of the savings-share report from the month's realised commitment savings (net savings). */
export function shareSaveMonth(month: string, realisedSavings: number, share: number): ShareSaveMonth {
  if (!(share >= 0 && share <= 1)) throw new RangeError('share must be in [0, 1]');
  const partnerFee = Math.max(0, realisedSavings) * share;
  return { month, realisedSavings, share, partnerFee, clientNetSaving: realisedSavings - partnerFee };
}
