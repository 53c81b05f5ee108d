import { type ClientRequestArgs, Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent, type AgentOptions as HttpsAgentOptions } from 'node:https';
import { createConnection, isIP, type NetConnectOpts, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type ConnectionOptions, connect as tlsConnect } from 'node:tls';
import { buildConnector, Agent as UndiciAgent, fetch as undiciFetch } from 'undici';
import { type OutboundAllow, parseOutboundAllow } from './outbound-allow';
import { refusedUrlReason, resolveOutbound } from './outbound-guard';

/**
 * The one way to reach a URL a tenant gave (webhooks, Slack, Teams, PagerDuty, S3 and Azure Blob endpoints,
 * SSO issuers): every connection, redirects included, resolves the host, checks the address and connects to
 * that very address, so a DNS answer that changes between check and connect (rebinding) cannot slip through.
 */
export interface GuardedHttp {
  /** fetch through the guard (undici's, so the guarded dispatcher applies to every hop). */
  fetch: typeof fetch;
  /** Node agents for SDKs that take one (AWS SDK's NodeHttpHandler, Azure's pipeline). */
  httpAgent: HttpAgent;
  httpsAgent: HttpsAgent;
  /** An HTTPS agent with its own TLS settings (a pinned CA, a client certificate) whose connections are guarded too. */
  httpsAgentWith(options: HttpsAgentOptions): HttpsAgent;
  /** Why a URL being saved may not be reached (for a 400 naming the field), or null. */
  refusedReason(url: string): Promise<string | null>;
}

type ConnectionCallback = (error: Error | null, socket: Duplex) => void;
type ConnectOptions = NetConnectOpts & { host?: string | null; servername?: string };

/** Resolves and checks before a socket exists; `open` connects to the checked address only. */
function guardedConnection(
  allow: OutboundAllow,
  options: ConnectOptions,
  callback: ConnectionCallback | undefined,
  open: (options: ConnectOptions) => Socket,
): undefined {
  // Node's agents always pass the callback; without one there is no way to report a refusal.
  if (callback === undefined) throw new Error('the guarded agent needs a connection callback');
  const host = options.host ?? 'localhost';
  resolveOutbound(host, allow).then(
    ({ address }) => {
      // TLS still verifies the certificate against the name the URL gave.
      const servername = options.servername ?? (isIP(host) === 0 ? host : undefined);
      callback(null, open({ ...options, host: address, ...(servername ? { servername } : {}) }));
    },
    (error: Error) => callback(error, undefined as never),
  );
  return undefined;
}

/** The agent with its connections made by `guardedConnection` (Node's agents call createConnection for each). */
function guardAgent<T extends HttpAgent>(
  agent: T,
  allow: OutboundAllow,
  open: (options: ConnectOptions) => Socket,
): T {
  Object.assign(agent, {
    createConnection: (options: ClientRequestArgs, callback?: ConnectionCallback) =>
      guardedConnection(allow, options as ConnectOptions, callback, open),
  });
  return agent;
}

function guardedDispatcher(allow: OutboundAllow): UndiciAgent {
  const connector = buildConnector({ timeout: 10_000 });
  return new UndiciAgent({
    connect: (options, callback) => {
      resolveOutbound(options.hostname, allow).then(
        // undici takes the TLS name from `host`, which still names the URL's host.
        ({ address }) => connector({ ...options, hostname: address }, callback),
        (error: Error) => callback(error, null),
      );
    },
  });
}

export function createGuardedHttp(allowEntries: readonly string[]): GuardedHttp {
  const allow = parseOutboundAllow(allowEntries);
  const dispatcher = guardedDispatcher(allow);
  const guardedFetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher })) as unknown as typeof fetch;
  return {
    fetch: guardedFetch,
    httpAgent: guardAgent(new HttpAgent({ keepAlive: true }), allow, (options) => createConnection(options)),
    httpsAgent: guardAgent(new HttpsAgent({ keepAlive: true }), allow, (options) =>
      tlsConnect(options as ConnectionOptions),
    ),
    httpsAgentWith: (options) =>
      guardAgent(new HttpsAgent({ keepAlive: true, ...options }), allow, (connect) =>
        tlsConnect(connect as ConnectionOptions),
      ),
    refusedReason: (url) => refusedUrlReason(url, allow),
  };
}

/** The request handler an AWS SDK v3 client takes to connect through the guard (NodeHttpHandler options). */
export function sdkRequestHandler(http: GuardedHttp): { httpAgent: HttpAgent; httpsAgent: HttpsAgent } {
  return { httpAgent: http.httpAgent, httpsAgent: http.httpsAgent };
}

/** The reason behind a failed fetch through the guard: undici wraps it as `fetch failed` with a cause. */
export function outboundErrorMessage(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && cause.message !== '') return cause.message;
  return (error as Error).message ?? String(error);
}
