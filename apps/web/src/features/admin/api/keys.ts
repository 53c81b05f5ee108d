/** Query keys of the admin calls the start-up chain loads (spec §4): the active client, its status, its AWS projects. */
export const adminKeys = {
  all: ['admin'] as const,
  client: (id: string) => [...adminKeys.all, 'client', id] as const,
  status: () => [...adminKeys.all, 'status'] as const,
  projectsAws: () => [...adminKeys.all, 'projects-aws'] as const,
};
