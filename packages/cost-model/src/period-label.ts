import type { Granularity } from '@finlens/contracts/cost-query';
import { formatUtcDate } from './format';

/**
 * A chart axis or grid column label for a period start (`YYYY-MM-DD`, or `YYYY-MM-DDTHH:00:00Z` for hours):
 * the Explorer's grid and the report PDF head their period columns with it.
 */
export function periodLabel(period: string, granularity: Granularity): string {
  switch (granularity) {
    case 'hour':
      return `${formatUtcDate(period, 'dayMonth')} ${period.slice(11, 16)}`;
    case 'day':
    case 'week':
      return formatUtcDate(period, 'dayMonthYear');
    case 'month':
      return formatUtcDate(period, 'monthYear');
    case 'quarter':
      return `Q${Math.floor(Number(period.slice(5, 7)) / 3) + 1} ${period.slice(0, 4)}`;
  }
}
