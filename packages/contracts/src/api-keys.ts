import { z } from 'zod';

/**
 * API keys (settings tab API Key), designed in the spec's /c/ style:
 *   GET    /c/api_keys/        the caller's keys for the active client (never the secret)
 *   POST   /c/api_keys/        create → 201 with `key`, the secret, shown this once
 *   DELETE /c/api_keys/{id}/   revoke → 204 (the row stays, with revoked_at, for the audit trail)
 * A key acts as its creator within the client it was created in, through the `token-key` header
 * (session.ts TOKEN_KEY_HEADER); such requests carry no cookies and need no CSRF token.
 */
export const API_KEY_PATHS = {
  keys: '/c/api_keys/',
  key: (id: string) => `/c/api_keys/${id}/`,
} as const;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** First characters of the secret, to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeysSchema = z.array(apiKeySchema);

export const createApiKeyRequestSchema = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(100),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyParamsSchema = z.object({ id: z.string().min(1) });
