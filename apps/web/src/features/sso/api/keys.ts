/** Query keys of the SSO tab; the save replaces `settings` with the server's answer. */
export const ssoKeys = {
  all: ['sso'] as const,
  settings: () => [...ssoKeys.all, 'settings'] as const,
};
