import { showbackPath } from '@finlens/contracts/showbacks';
import { z } from 'zod';

/** The SPA's GET extras (spec §7). */
export const GET_EXTRAS = { imply_client: 'true', use_query_optimization: 'true' } as const;

export const NO_CONTENT = z.undefined();

export const path = (pattern: string, params: Record<string, string>) => showbackPath(pattern, params);
