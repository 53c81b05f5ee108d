/** Query keys of the client switch (spec §2 /switching-view/). */
export const switchingViewKeys = {
  all: ['switching-view'] as const,
  clients: () => [...switchingViewKeys.all, 'all-clients'] as const,
  invitations: () => [...switchingViewKeys.all, 'invitations'] as const,
};
