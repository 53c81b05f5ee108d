/**
 * Databricks bills DBUs on its own lines (AWS Marketplace or a direct invoice) that name no cluster; the
 * clusters' EC2 instances carry its tags. A line's DBU cost goes to the clusters of its account and compute
 * kind (jobs or all-purpose, read from the line's usage type) in proportion to their instance cost, so the
 * allocated figures add up to the lines; a line no cluster matches (SQL warehouses, serverless) stays
 * unallocated and is shown as such.
 */
export type DbuKind = 'job' | 'all-purpose' | 'other';

export function dbuKindOf(usageType: string): DbuKind {
  const t = usageType.toLowerCase().replace(/[^a-z]/g, '');
  if (t.includes('job')) return 'job';
  if (t.includes('allpurpose') || t.includes('interactive')) return 'all-purpose';
  return 'other';
}

export interface DbuLine {
  accountId: string;
  usageType: string;
  cost: number;
}

export interface ClusterWeight {
  key: string;
  accountId: string;
  kind: 'job' | 'all-purpose';
  /** Instance cost over the same window: the allocation's weight. */
  weight: number;
}

export function allocateDbus(
  lines: readonly DbuLine[],
  clusters: readonly ClusterWeight[],
): { byCluster: Map<string, number>; unallocated: number } {
  const byCluster = new Map<string, number>();
  let unallocated = 0;
  for (const line of lines) {
    const kind = dbuKindOf(line.usageType);
    const takers = clusters.filter((c) => c.accountId === line.accountId && c.kind === kind && c.weight > 0);
    const total = takers.reduce((s, c) => s + c.weight, 0);
    if (kind === 'other' || total <= 0) {
      unallocated += line.cost;
      continue;
    }
    for (const c of takers)
      byCluster.set(c.key, (byCluster.get(c.key) ?? 0) + line.cost * (c.weight / total));
  }
  return { byCluster, unallocated };
}
