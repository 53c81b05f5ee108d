export const publicConfigKeys = {
  all: ['public-config'] as const,
};
