import { z } from 'zod';

/** State of one storage engine as GET /api/health reports it. */
export const engineHealthSchema = z.object({
  kind: z.enum(['pglite', 'postgres', 'duckdb', 'clickhouse']),
  ok: z.boolean(),
  latencyMs: z.number().nonnegative(),
  /** Engine version string, or the error text when `ok` is false. */
  detail: z.string(),
});
export type EngineHealth = z.infer<typeof engineHealthSchema>;

/** GET /api/health: 200 when every engine answers, 503 otherwise (same body). */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  appDatabase: engineHealthSchema,
  warehouse: engineHealthSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
