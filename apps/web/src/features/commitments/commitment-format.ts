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

const PROVENANCE_LABELS = {
  catalogue: '2021 RDS catalogue prices',
  sample_bill: 'a sample bill',
  estimate: 'an estimate',
  admin: 'your admins’ figure',
} as const;

/** "62.5 % of on demand (from the bill)", "(from the rate table: an estimate)", or "None known". */
export function formatRate(r: {
  rate_ratio: number | null;
  rate_source: 'bill' | 'stated' | 'table' | 'none';
  rate_provenance: keyof typeof PROVENANCE_LABELS | null;
}): string {
  if (r.rate_ratio === null) return 'None known';
  const from =
    r.rate_source === 'bill'
      ? 'from the bill'
      : r.rate_source === 'table'
        ? `from the rate table${r.rate_provenance ? `: ${PROVENANCE_LABELS[r.rate_provenance]}` : ''}`
        : 'stated';
  return `${formatShare(r.rate_ratio)} of on demand (${from})`;
}
