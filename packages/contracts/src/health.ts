import { z } from 'zod';

/** State of one storage engine as GET /api/health reports it. */
export const engineHealthSchema = z.object({
  kind: z.enum(['pglite', 'postgres', 'duckdb', 'clickhouse']),
  ok: z.boolean(),
  latencyMs: z.number().nonnegative(),
  /**
   * Engine version string, the error text when `ok` is false, or how long a busy probe has waited; shown to
   * signed-in admins only.
   */
  detail: z.string().optional(),
  busy: z
    .boolean()
    .optional()
    .describe(
      'The embedded app database (PGlite) serves one caller at a time: true when it did not answer health within 50 ms because other work holds it. Still ok until that probe has waited 30 s; absent when it answered.',
    ),
  lastOkAt: z
    .string()
    .datetime()
    .optional()
    .describe(
      'With busy: when the engine last answered health; absent if it has not since the server started.',
    ),
});
export type EngineHealth = z.infer<typeof engineHealthSchema>;

/** GET /api/health: 200 when every engine answers or is only busy, 503 otherwise (same body). */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  /** Finlens's version; shown to signed-in admins only. */
  version: z.string().optional(),
  appDatabase: engineHealthSchema,
  warehouse: engineHealthSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
