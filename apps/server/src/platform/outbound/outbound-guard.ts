import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { NO_OUTBOUND_EXCEPTIONS, type OutboundAllow } from './outbound-allow';

/** A target a tenant gave that points into the server's own network (or does not resolve at all). */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
}

/**
 * Why this address may not be reached, or null when it may. Only global unicast passes: loopback, private
 * (RFC 1918, fc00::/7), link-local (169.254/16 with the cloud metadata address, fe80::/10), unspecified,
 * multicast, carrier-grade NAT, reserved and the v6 forms that embed a v4 address are refused; an
 * IPv4-mapped v6 address (::ffff:127.0.0.1) is judged as the v4 address it is.
 */
export function refusedAddressReason(
  address: string,
  allow: OutboundAllow = NO_OUTBOUND_EXCEPTIONS,
): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.process(address);
  if (allow.ranges.some(([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits)))
    return null;
  const range = parsed.range();
  return range === 'unicast' ? null : `${parsed.toString()} is a ${range} address`;
}

export interface ResolvedTarget {
  /** The address to connect to: checked, so no second lookup can point the connection elsewhere. */
  address: string;
  family: 4 | 6;
}

/**
 * Resolves `hostname` and keeps only the addresses that may be reached; refuses when none is left. A host
 * named in OUTBOUND_ALLOW is reached wherever it resolves.
 */
export async function resolveOutbound(hostname: string, allow: OutboundAllow): Promise<ResolvedTarget> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const named = allow.hosts.has(host);
  if (ipaddr.isValid(host)) {
    const reason = named ? null : refusedAddressReason(host, allow);
    if (reason !== null) throw new OutboundRefused(`refused: ${reason} (set OUTBOUND_ALLOW to allow it)`);
    return { address: host, family: ipaddr.parse(host).kind() === 'ipv4' ? 4 : 6 };
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    throw new OutboundRefused(
      `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const reasons: string[] = [];
  for (const { address, family } of addresses) {
    const reason = named ? null : refusedAddressReason(address, allow);
    if (reason === null) return { address, family: family === 6 ? 6 : 4 };
    reasons.push(reason);
  }
  throw new OutboundRefused(
    `refused: ${host} resolves to ${reasons.join(', ') || 'no address'} (set OUTBOUND_ALLOW to allow it)`,
  );
}

/**
 * Checks a URL a tenant is saving: null when it may be reached (or cannot be judged now: a name that does
 * not resolve yet is left to delivery time), otherwise why not.
 */
export async function refusedUrlReason(url: string, allow: OutboundAllow): Promise<string | null> {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return null;
  }
  try {
    await resolveOutbound(hostname, allow);
    return null;
  } catch (error) {
    const message = (error as Error).message;
    return message.startsWith('refused:') ? message.slice('refused: '.length) : null;
  }
}
