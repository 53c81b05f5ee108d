import ipaddr from 'ipaddr.js';

/**
 * What OUTBOUND_ALLOW lets through besides public addresses: named hosts (exact, case-insensitive), single
 * addresses and CIDR ranges, for on-premises targets (an internal webhook, MinIO, a private OIDC provider).
 */
export interface OutboundAllow {
  hosts: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

export const NO_OUTBOUND_EXCEPTIONS: OutboundAllow = { hosts: new Set(), ranges: [] };

/** One entry: a CIDR range, an address (its own /32 or /128), or a host name; null when it is none of them. */
function parseEntry(entry: string): { host: string } | { range: [ipaddr.IPv4 | ipaddr.IPv6, number] } | null {
  const value = entry
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValidCIDR(value)) return { range: ipaddr.parseCIDR(value) };
  if (ipaddr.isValid(value)) {
    const address = ipaddr.process(value);
    return { range: [address, address.kind() === 'ipv4' ? 32 : 128] };
  }
  return HOST_NAME.test(value) ? { host: value } : null;
}

/** The entries OUTBOUND_ALLOW lists that are neither a host name, an address nor a CIDR range. */
export function invalidOutboundEntries(entries: readonly string[]): string[] {
  return entries.filter((entry) => parseEntry(entry) === null);
}

export function parseOutboundAllow(entries: readonly string[]): OutboundAllow {
  const hosts = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (parsed === null) throw new Error(`OUTBOUND_ALLOW: "${entry}" is not a host name, address or range`);
    if ('host' in parsed) hosts.add(parsed.host);
    else ranges.push(parsed.range);
  }
  return { hosts, ranges };
}
