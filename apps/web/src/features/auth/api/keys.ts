/** Query keys of the identity calls; the current user is the first step of the start-up chain. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  checkEmail: (email: string) => [...authKeys.all, 'check-email', email] as const,
};
