import {
  type AllocationGroup,
  CAPACITY_TYPE_LABELS,
  CAPACITY_TYPES,
  type CapacityType,
  type ContainersSummary,
  type CostBasis,
} from '@finlens/contracts/containers';
import type { CostDimension, CostFilter, CostQuery } from '@finlens/contracts/cost-query';
import { type PastPreset, presetRange } from '@finlens/cost-model/range-presets';
import type { ChartData } from '../../components/Chart';
import { explorerHref } from '../cost-explorer/api/explorer-href';

export const EKS_DASHBOARD_PATH = '/v3/compute-copilot/eks/dashboard/';
export const EKS_DETAILS_PATH = '/v3/compute-copilot/eks/details/';
export const RIGHTSIZING_PATH = '/v3/compute-copilot/container-rightsizing/';

/** A container-rightsizing recommendation's detail page (spec §2 /v3/essentials/rightsizing-details/:type/:id). */
export const recommendationPath = (id: string) =>
  `/v3/essentials/rightsizing-details/container-rightsizing/${encodeURIComponent(id)}`;

/** 'data': the last 30 days of data (the server's default); the others end today. */
export const CONTAINER_RANGES = ['data', '7D', '30D', '3M', '6M'] as const satisfies readonly (
  | 'data'
  | PastPreset
)[];
type ContainerRange = (typeof CONTAINER_RANGES)[number];
export const RANGE_LABELS: Record<ContainerRange, string> = {
  data: 'Last 30 days of data',
  '7D': 'Last 7 days',
  '30D': 'Last 30 days',
  '3M': 'Last 3 months',
  '6M': 'Last 6 months',
};

/** Kubernetes filters the URL holds (the API's names); the capacity type has its own select. */
export const FILTER_KEYS = ['cluster', 'namespace', 'controller', 'node', 'capacity_type'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export const FILTER_LABELS: Record<FilterKey, string> = {
  cluster: 'Cluster',
  namespace: 'Namespace',
  controller: 'Workload',
  node: 'Node',
  capacity_type: 'Capacity type',
};

/** The capacity select's choices: every type, or one. */
export const CAPACITY_CHOICES = ['all', ...CAPACITY_TYPES] as const;
export const CAPACITY_CHOICE_LABELS: Record<(typeof CAPACITY_CHOICES)[number], string> = {
  all: 'All capacity',
  ...CAPACITY_TYPE_LABELS,
};
export const capacityOf = (search: URLSearchParams): (typeof CAPACITY_CHOICES)[number] =>
  CAPACITY_TYPES.find((t) => t === search.get('capacity_type')) ?? 'all';

/** A capacity type as the pages name it ('(none)': pods whose node's own lines are not in the bill). */
export function capacityLabel(type: string): string {
  return type === '(none)' ? 'Node not in the bill' : (CAPACITY_TYPE_LABELS[type as CapacityType] ?? type);
}

export const BASIS_LABELS: Record<CostBasis, string> = {
  amortized: 'Amortized',
  net_amortized: 'Net amortized',
};

export const GROUP_LABELS: Record<AllocationGroup, string> = {
  cluster_name: 'Cluster',
  node: 'Node',
  capacity_type: 'Capacity type',
  pod_namespace: 'Namespace',
  controllerKind: 'Controller kind',
  controller: 'Workload',
  deployment: 'Deployment',
  pod: 'Pod',
  container: 'Container',
};

export const rangeOf = (search: URLSearchParams): ContainerRange =>
  CONTAINER_RANGES.find((r) => r === search.get('range')) ?? 'data';

export const basisOf = (search: URLSearchParams): CostBasis =>
  search.get('cost_basis') === 'net_amortized' ? 'net_amortized' : 'amortized';

/** The API's query for the page's URL: range as dates, rate, Kubernetes filters. */
export function apiParams(search: URLSearchParams, today: Date): Record<string, string> {
  const params: Record<string, string> = { cost_basis: basisOf(search) };
  const range = rangeOf(search);
  if (range !== 'data') {
    Object.assign(params, presetRange(range, today));
  }
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value) params[key] = value;
  }
  return params;
}

/** A URL with some keys changed ('' removes one), keeping the rest of the view. */
export function withParams(path: string, search: URLSearchParams, updates: Record<string, string>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(updates)) {
    if (value === '') next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** Cost per day stacked by cluster, with the idle part of every cluster as its own series. */
export function costOverTime(daily: ContainersSummary['daily']): ChartData {
  const categories = [...new Set(daily.map((d) => d.date))].sort();
  const clusters = [...new Set(daily.map((d) => d.cluster_name))].sort();
  const at = new Map(daily.map((d) => [`${d.date}|${d.cluster_name}`, d]));
  const series = clusters.map((cluster) => ({
    name: cluster,
    values: categories.map((date) => {
      const d = at.get(`${date}|${cluster}`);
      return d === undefined ? 0 : d.cost - d.idle_cost;
    }),
  }));
  const idle = categories.map((date) =>
    clusters.reduce((sum, cluster) => sum + (at.get(`${date}|${cluster}`)?.idle_cost ?? 0), 0),
  );
  return { categories, series: [...series, { name: 'Idle capacity', values: idle }] };
}

/** Each cluster's cost stacked by capacity type (the parts add up to the cluster's pods and Fargate pods). */
export function costByCapacity(clusters: ContainersSummary['clusters']): ChartData {
  const categories = clusters.map((c) => c.cluster_name);
  const types = [...new Set(clusters.flatMap((c) => c.capacity_types.map((t) => t.capacity_type)))];
  const series = types.map((type) => ({
    name: capacityLabel(type),
    values: clusters.map((c) => c.capacity_types.find((t) => t.capacity_type === type)?.cost ?? 0),
  }));
  return { categories, series };
}

/** A ratio as a percent with one decimal, '—' without one. */
export function ratioText(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)} %`;
}

/** The Explorer's dimension of each filter; it has none for the capacity type (a pod row does not carry it). */
const DIMENSION_OF = {
  cluster: 'cluster_name',
  namespace: 'pod_namespace',
  controller: 'controller',
  node: 'node',
  capacity_type: null,
} as const satisfies Record<FilterKey, CostDimension | null>;

/** The Explorer over the same days and Kubernetes filters, grouped by a Kubernetes dimension. */
export function explorerLink(
  window: ContainersSummary['window'],
  dimension: CostDimension,
  filters: Partial<Record<FilterKey, string>>,
): string | null {
  if (window === null) return null;
  const costFilters: CostFilter[] = FILTER_KEYS.flatMap((key) => {
    const value = filters[key];
    const dimension = DIMENSION_OF[key];
    return value && dimension !== null ? [{ dimension, mode: 'include' as const, values: [value] }] : [];
  });
  const query: CostQuery = {
    start_date: window.start_date,
    end_date: window.end_date,
    granularity: 'day',
    dimension,
    cost_type: 'amortized',
    filters: costFilters,
    top_n: 10,
  };
  return explorerHref({ range: null, query });
}

/** Where a click on a group leads: one level down (cluster → namespaces → workloads → pods). */
export function drillDown(
  group: AllocationGroup,
  cluster: string,
  key: string,
): Record<string, string> | null {
  switch (group) {
    case 'cluster_name':
      return { cluster: key, group_by: 'pod_namespace' };
    case 'pod_namespace':
      return { cluster, namespace: key, group_by: 'controller' };
    case 'controller':
    case 'deployment':
      return { cluster, controller: key, group_by: 'pod' };
    case 'node':
      return { cluster, node: key, group_by: 'pod' };
    case 'capacity_type':
      return { cluster, capacity_type: key, group_by: 'pod_namespace' };
    default:
      return null;
  }
}
