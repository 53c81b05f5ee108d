// oidc-provider ships no type declarations; this is the part the SSO test uses.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }

  export interface ProviderConfiguration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    findAccount(context: unknown, id: string): Account | Promise<Account>;
    features?: Record<string, { enabled: boolean }>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    listen(port: number, host: string): Server;
  }
}
