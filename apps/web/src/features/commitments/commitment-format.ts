const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
});
const hourly = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 4,
});

/** $1,234.56 (the bill's currency is USD in the exports Finlens reads commitments from). */
export const formatMoney = (value: number) => money.format(value);
/** $0.0960/h. */
export const formatHourly = (value: number) => `${hourly.format(value)}/h`;
/** 62.5 %, or a dash without a figure. */
export const formatShare = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)} %`);

/** 0.07 → "7" (not 7.000000000000001): a ratio as the percent a form field shows. */
export const hundredths = (ratio: number) => String(Number((ratio * 100).toFixed(4)));

export const PROVENANCE_LABELS = {
  catalogue: '2021 RDS catalogue prices',
  sample_bill: 'a sample bill',
  estimate: 'an estimate',
  admin: 'your organisation’s rate',
} as const;

type RateOf = {
  rate_ratio: number | null;
  rate_source: 'bill' | 'stated' | 'table' | 'none';
  rate_provenance: keyof typeof PROVENANCE_LABELS | null;
};

/** Where a rate came from, as the screen says it. */
function rateOrigin(r: RateOf): string {
  if (r.rate_source === 'bill') return 'from the bill';
  if (r.rate_source !== 'table') return 'stated';
  if (r.rate_provenance === 'admin') return `from ${PROVENANCE_LABELS.admin}`;
  return `from the rate table${r.rate_provenance ? `: ${PROVENANCE_LABELS[r.rate_provenance]}` : ''}`;
}

/**
 * "62.5 % of on demand (from the bill)", "(from the rate table: an estimate)", "(from your organisation’s rate)"
 * (a figure its admins set), or "None known".
 */
export function formatRate(r: RateOf): string {
  if (r.rate_ratio === null) return 'None known';
  return `${formatShare(r.rate_ratio)} of on demand (${rateOrigin(r)})`;
}
