import {
  COMMITMENTS_PATHS,
  commitmentDashboardSchema,
  commitmentInventorySchema,
  purchaseAnalysisSchema,
} from '@finlens/contracts/commitments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const keys = {
  all: ['commitments'] as const,
  inventory: () => [...keys.all, 'inventory'] as const,
  dashboard: (range: DashboardRange) => [...keys.all, 'dashboard', range] as const,
  purchase: (lookBack: LookBack) => [...keys.all, 'purchase', lookBack] as const,
};

export type LookBack = '7' | '30' | '60';
interface DashboardRange {
  start_date: string;
  end_date: string;
}

/** GET /c/commitments/inventory/ — the client's reservations and savings plans with the expiry calendar. */
export function useCommitmentInventory() {
  return useQuery({
    queryKey: keys.inventory(),
    queryFn: ({ signal }) => apiRequest(COMMITMENTS_PATHS.inventory, commitmentInventorySchema, { signal }),
  });
}

/** GET /c/commitments/dashboard/ — utilisation, coverage and ESR per day of the range. */
export function useCommitmentDashboard(range: DashboardRange) {
  return useQuery({
    queryKey: keys.dashboard(range),
    queryFn: ({ signal }) =>
      apiRequest(COMMITMENTS_PATHS.dashboard, commitmentDashboardSchema, {
        query: { ...range, granularity: 'day' },
        signal,
      }),
  });
}

/** GET /c/commitments/purchase_analysis/ — the savings plan the look-back's hourly curve calls for. */
export function usePurchaseAnalysis(lookBack: LookBack) {
  return useQuery({
    queryKey: keys.purchase(lookBack),
    queryFn: ({ signal }) =>
      apiRequest(COMMITMENTS_PATHS.purchaseAnalysis, purchaseAnalysisSchema, {
        query: { look_back: lookBack },
        signal,
      }),
  });
}
