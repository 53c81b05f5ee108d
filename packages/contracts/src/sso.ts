import { z } from 'zod';

/**
 * Single sign-on with OpenID Connect, one identity provider per client (settings tab SSO). Designed paths:
 *   GET /c/sso/                  the active client's settings (admin); the secret is never returned
 *   PUT /c/sso/                  save them (admin); omit client_secret to keep the stored one
 *   GET /rest-auth/sso/start/?email=…     redirect to the provider of the email's domain
 *   GET /rest-auth/sso/callback/          the provider's redirect back: signs in, then redirects to
 *                                         /accounts/signin/ (which sends a signed-in user to the landing page)
 * GET /rest-auth/check_email/{email}/ answers `sso_login_url` for a domain with SSO enabled.
 */
export const SSO_PATHS = {
  settings: '/c/sso/',
  start: '/rest-auth/sso/start/',
  callback: '/rest-auth/sso/callback/',
} as const;

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
    'Enter a domain such as example.com.',
  );

/** https issuers only; http is accepted for a provider on this machine (localhost, 127.0.0.1). */
const issuer = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        url.protocol === 'https:' ||
        (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname))
      );
    } catch {
      return false;
    }
  }, 'Enter the https:// issuer URL of the identity provider.');

export const ssoSettingsSchema = z.object({
  enabled: z.boolean(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  email_domain: z.string().nullable(),
  has_client_secret: z.boolean(),
  /** Register this redirect URI at the identity provider. */
  redirect_uri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoSettingsUpdateSchema = z.object({
  enabled: z.boolean(),
  issuer,
  client_id: z.string().trim().min(1, 'This field is required.').max(500),
  client_secret: z.string().min(1).max(2000).optional(),
  email_domain: domain,
});
export type SsoSettingsUpdate = z.infer<typeof ssoSettingsUpdateSchema>;

export const ssoStartQuerySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.')),
});
