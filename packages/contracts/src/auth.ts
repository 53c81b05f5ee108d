import { z } from 'zod';
import { partnerUserRoleSchema } from './roles';

/**
 * Identity calls. Spec §7 gives GET /c/current/user/, GET /rest-auth/check_email/{email}/,
 * POST /rest-auth/login/, POST /auth/logout/ and POST /c/select/. The rest are designed here in the
 * Django-REST (dj-rest-auth) style the spec's API follows; docs/adr/0002-identity-api.md records why:
 *
 *   POST  /rest-auth/registration/                  sign up: a new client and its first admin (201)
 *   POST  /rest-auth/registration/verify-email/     confirm the emailed verification key
 *   POST  /rest-auth/registration/resend-email/     send the verification mail again (always 200)
 *   POST  /rest-auth/password/reset/                mail a reset link (always 200)
 *   POST  /rest-auth/password/reset/confirm/        set a new password with uid + token from the link
 *   POST  /rest-auth/password/change/               signed-in password change (old + new)
 *   PATCH /c/current/user/                          update the profile (names, picture)
 *
 * Sessions are cookies (names in session.ts); no response carries a session token. Error bodies:
 * `{ detail, errors? }` where `errors` maps a field (or non_field_errors) to its messages.
 */
export const AUTH_PATHS = {
  currentUser: '/c/current/user/',
  checkEmail: (email: string) => `/rest-auth/check_email/${encodeURIComponent(email)}/`,
  login: '/rest-auth/login/',
  logout: '/auth/logout/',
  select: '/c/select/',
  registration: '/rest-auth/registration/',
  verifyEmail: '/rest-auth/registration/verify-email/',
  resendEmail: '/rest-auth/registration/resend-email/',
  passwordReset: '/rest-auth/password/reset/',
  passwordResetConfirm: '/rest-auth/password/reset/confirm/',
  passwordChange: '/rest-auth/password/change/',
} as const;

/** Where emailed links land in the SPA (spec §2 public routes; the verify key rides on the sign-in screen). */
export const EMAIL_LINK_PATHS = {
  resetConfirm: (uid: string, token: string) => `/accounts/reset-password/confirm/${uid}/${token}`,
  /** The sign-in screen posts `verify_key` to verify-email, then shows the sign-in form. */
  verifyEmail: (key: string) => `/accounts/signin/?verify_key=${encodeURIComponent(key)}`,
} as const;

/** A simple `{ detail }` acknowledgement (DRF style), used by calls with nothing else to return. */
export const detailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponseSchema>;

const email = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.'));
const password = z.string().min(1, 'This field is required.').max(200);
const name = z.string().trim().max(150);

/** Spec §3 Profile, plus `email_verified` and `member_rbac_enabled` (spec §6) for the web's gates. */
export const profileSchema = z.object({
  id: z.string(),
  /** The active client; null for a partner user who has not picked one yet. */
  client_id: z.string().nullable(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** At least one project of the active client exists (Azure projects count only with the Azure flag). */
  has_project: z.boolean(),
  is_admin: z.boolean(),
  is_partner_user: z.boolean(),
  partner_user_role: partnerUserRoleSchema.nullable(),
  profile_picture: z.string().nullable(),
  /** Always false in a self-hosted install (no CRM); kept because the spec's Profile has it. */
  is_hubspot_covered: z.boolean(),
  email_verified: z.boolean(),
  member_rbac_enabled: z.boolean(),
  /** The email's domain is one of INTERNAL_EMAIL_DOMAINS (spec §6 internal-domain users). */
  is_internal_user: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH /c/current/user/ — every field optional; email changes are not offered. */
export const profileUpdateSchema = z
  .object({
    first_name: name.optional(),
    last_name: name.optional(),
    /** An https:// or data: image URL, or null to remove it. */
    profile_picture: z.string().max(200_000).nullable().optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * GET /rest-auth/check_email/{email}/ (designed). It never says whether an account exists (ADR 0002):
 * only whether the address is well-formed and whether its domain signs in through a client's SSO.
 */
export const checkEmailResponseSchema = z.object({
  email: z.string(),
  valid_format: z.boolean(),
  /** Start URL of the OpenID Connect sign-in for this domain, or null (password sign-in). */
  sso_login_url: z.string().nullable(),
});
export type CheckEmailResponse = z.infer<typeof checkEmailResponseSchema>;

/** POST /rest-auth/login/ — sets the sessionid, csrftoken and user_id cookies. */
export const loginRequestSchema = z.object({ email, password });
export type LoginRequest = z.infer<typeof loginRequestSchema>;
// 200 body of a sign-in: profileSchema, the profile the start-up chain loads first. 400 bad credentials, 429 throttled.

/** POST /c/select/ — form-encoded `client_id`; switches the active client of the session. */
export const selectClientRequestSchema = z.object({
  client_id: z.string().min(1, 'This field is required.'),
});
export type SelectClientRequest = z.infer<typeof selectClientRequestSchema>;
// 200 body: profileSchema of the newly active client.

/** Which sign-up screen the user came from (spec §2, §6 signup variants); /accounts/ftr/ is `ftr`. */
export const SIGNUP_TYPES = ['user', 'internal_user', 'clara_user', 'ftr'] as const;
export const signupTypeSchema = z.enum(SIGNUP_TYPES);
export type SignupType = z.infer<typeof signupTypeSchema>;

/**
 * POST /rest-auth/registration/ — creates a client named `company_name` and the user as its admin, then
 * mails a verification link. 201 `{ detail }` also when the email is taken (the owner gets a notice mail
 * instead), so sign-up does not reveal accounts. Internal-user sign-up needs an INTERNAL_EMAIL_DOMAINS
 * address (403 otherwise). Password rules: @finlens/cost-model/password-rules, errors under `password1`.
 */
export const registrationRequestSchema = z
  .object({
    email,
    password1: password,
    password2: password,
    first_name: name.min(1, 'This field is required.'),
    last_name: name.min(1, 'This field is required.'),
    company_name: z.string().trim().min(1, 'This field is required.').max(200),
    signup_type: signupTypeSchema.default('user'),
  })
  .refine((body) => body.password1 === body.password2, {
    path: ['password2'],
    message: "The two password fields didn't match.",
  });
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;

/** POST /rest-auth/registration/verify-email/ — the key from the emailed link. 400 `key` when bad or used. */
export const verifyEmailRequestSchema = z.object({ key: z.string().min(1, 'This field is required.') });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** POST /rest-auth/registration/resend-email/ and POST /rest-auth/password/reset/ — always 200. */
export const emailOnlyRequestSchema = z.object({ email });
export type EmailOnlyRequest = z.infer<typeof emailOnlyRequestSchema>;

/** POST /rest-auth/password/reset/confirm/ — uid and token from /accounts/reset-password/confirm/{uid}/{token}. */
export const passwordResetConfirmRequestSchema = z
  .object({
    uid: z.string().min(1, 'This field is required.'),
    token: z.string().min(1, 'This field is required.'),
    new_password1: password,
    new_password2: password,
  })
  .refine((body) => body.new_password1 === body.new_password2, {
    path: ['new_password2'],
    message: "The two password fields didn't match.",
  });
export type PasswordResetConfirmRequest = z.infer<typeof passwordResetConfirmRequestSchema>;

/** POST /rest-auth/password/change/ — 400 `old_password` when the current password is wrong. */
export const passwordChangeRequestSchema = z
  .object({ old_password: password, new_password1: password, new_password2: password })
  .refine((body) => body.new_password1 === body.new_password2, {
    path: ['new_password2'],
    message: "The two password fields didn't match.",
  });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;
