/** Query keys of the API Key tab; create and revoke invalidate `all`. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};
