import { TZDate } from '@date-fns/tz';
import { format as formatDate, formatDistanceStrict } from 'date-fns';

/** Display formats of spec §9. Money and percent round only here, never in the warehouse. */

type Amount = number | string | null | undefined;

function toFinite(value: Amount): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();
function moneyFormatter(currency: string): Intl.NumberFormat {
  let f = moneyFormatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormatters.set(currency, f);
  }
  return f;
}

/**
 * Money as `$0,0.00`: zero, empty or non-numeric shows '-', a non-zero amount that would round to
 * zero shows '< $0.01' (or '> -$0.01' when negative) so small charges never look free.
 */
export function formatMoney(value: Amount, currency = 'USD'): string {
  const n = toFinite(value);
  if (n === null || n === 0) return '-';
  const f = moneyFormatter(currency);
  if (Math.abs(n) < 0.01) return n > 0 ? `< ${f.format(0.01)}` : `> ${f.format(-0.01)}`;
  return f.format(n);
}

/** Percent signed with two decimals: '+12.34%', '-5.00%', '0.00%' for zero, '-' when not a number. */
export function formatPercent(value: Amount): string {
  const n = toFinite(value);
  if (n === null) return '-';
  const fixed = Math.abs(n).toFixed(2);
  if (fixed === '0.00') return '0.00%';
  return `${n > 0 ? '+' : '-'}${fixed}%`;
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** Bytes in steps of 1024 up to TiB, two decimals above bytes: 1536 → '1.50 KiB'. */
export function formatBytes(value: Amount): string {
  const n = toFinite(value);
  if (n === null || n < 0) return '-';
  let unit = 0;
  let scaled = n;
  while (scaled >= 1024 && unit < BYTE_UNITS.length - 1) {
    scaled /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(scaled)} B` : `${scaled.toFixed(2)} ${BYTE_UNITS[unit]}`;
}

/** Round half away from zero to `decimals` places (spec §5: rounding default 2 decimals). */
export function roundTo(value: number, decimals = 2): number {
  // Shift by exponent notation, not multiplication, so 1.005 rounds to 1.01 rather than 1.00.
  const abs = Math.abs(value);
  if (!Number.isFinite(abs) || String(abs).includes('e'))
    return Math.round(value * 10 ** decimals) / 10 ** decimals;
  const shifted = Math.round(Number(`${abs}e${decimals}`));
  return Math.sign(value) * Number(`${shifted}e-${decimals}`);
}

/** The date formats of spec §9, in date-fns tokens. */
export const DATE_FORMATS = {
  usDate: 'MM/dd/yyyy',
  dayMonth: 'dd MMM',
  dayMonthYear: 'dd MMM, yyyy',
  monthYear: 'MMM, yyyy',
  isoDate: 'yyyy-MM-dd',
  isoDateTime: "yyyy-MM-dd'T'HH:mm:ss",
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;

/** Formats a date in UTC (spec §9: dates are computed in UTC); invalid or empty input gives '-'. */
export function formatUtcDate(value: Date | string | number | null | undefined, fmt: DateFormat): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = new TZDate(value instanceof Date ? value.getTime() : new Date(value).getTime(), 'UTC');
  if (Number.isNaN(date.getTime())) return '-';
  return formatDate(date, DATE_FORMATS[fmt]);
}

/** How long ago (or until) `value` is from `now`, e.g. "5 minutes ago"; invalid or empty input gives '-'. */
export function formatRelativeTime(value: Date | string | null | undefined, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  if (Math.abs(now.getTime() - date.getTime()) < 60_000) return 'just now';
  return formatDistanceStrict(date, now, { addSuffix: true });
}
