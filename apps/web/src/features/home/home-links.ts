import type { CostDimension, CostQuery } from '@finlens/contracts/cost-query';
import { explorerHref } from '../cost-explorer/api/explorer-href';
import { HOME_PRESET } from './home-queries';

/** The Explorer view of one group of a Home card: the card's query, filtered to that value, over 30 days. */
export function groupExplorerHref(
  query: CostQuery,
  dimension: CostDimension,
  value: string | null,
): string | null {
  if (value === null) return null;
  return explorerHref({
    query: {
      ...query,
      dimension,
      top_n: 10,
      filters: [
        ...query.filters,
        { dimension, mode: 'include', values: [value] } as CostQuery['filters'][number],
      ],
    },
    range: HOME_PRESET,
  });
}
