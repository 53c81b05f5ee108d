import { COST_TARGET_PATHS as P } from '@finlens/contracts/cost-targets';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { IMPLY_CLIENT, withId } from './requests';

/** GET cost_target/{id}/download_csv/ — the plan as CSV text. */
export function fetchPlanCsv(targetId: string): Promise<string> {
  return apiRequest(withId(P.downloadCsv, targetId), z.string(), { query: IMPLY_CLIENT });
}
