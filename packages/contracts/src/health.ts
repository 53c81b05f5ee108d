import { z } from 'zod';

/** State of one storage engine as GET /api/health reports it. */
export const engineHealthSchema = z.object({
  kind: z.enum(['pglite', 'postgres', 'duckdb', 'clickhouse']),
  ok: z.boolean(),
  latencyMs: z.number().nonnegative(),
  /** Engine version string, or the error text when `ok` is false; shown to signed-in admins only. */
  detail: z.string().optional(),
});
export type EngineHealth = z.infer<typeof engineHealthSchema>;

/** GET /api/health: 200 when every engine answers, 503 otherwise (same body). */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  /** Finlens's version; shown to signed-in admins only. */
  version: z.string().optional(),
  appDatabase: engineHealthSchema,
  warehouse: engineHealthSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
