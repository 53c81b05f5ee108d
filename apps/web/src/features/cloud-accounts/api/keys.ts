/** Query keys of the AWS Accounts / Cloud Accounts tabs; mutations invalidate `all`. */
export const cloudAccountKeys = {
  all: ['cloud-accounts'] as const,
  list: () => [...cloudAccountKeys.all, 'list'] as const,
  imports: (id: string) => [...cloudAccountKeys.all, 'imports', id] as const,
};
