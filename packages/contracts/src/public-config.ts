import { z } from 'zod';

/**
 * GET /api/public-config: the few instance settings the SPA needs before anyone signs in
 * (support address for the 404 and error screens, the documentation link of the help menu).
 */
export const publicConfigSchema = z.object({
  supportEmail: z.email(),
  docsUrl: z.url(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
