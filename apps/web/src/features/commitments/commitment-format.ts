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
