import { type ExplorerView, viewToParams } from '../explorer-view';

/** The Explorer's address. */
export const EXPLORER_PATH = '/v3/cloud-resource-cost-api/';

/** What a link into the Explorer sets: the range (a preset, or null for the query's own dates) and the query. */
type ExplorerLink = Pick<ExplorerView, 'range' | 'query'> &
  Partial<Pick<ExplorerView, 'chart' | 'window' | 'grid'>>;

/**
 * The one builder of Explorer links, in the Explorer's own URL format (explorer-view.ts): bar chart and newest
 * window unless given; `extra` adds keys the view reader ignores (the report a view was opened from).
 */
export function explorerHref(view: ExplorerLink, extra: Record<string, string> = {}): string {
  const params = viewToParams({ chart: 'bar', window: 0, ...view });
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `${EXPLORER_PATH}?${params.toString()}`;
}
