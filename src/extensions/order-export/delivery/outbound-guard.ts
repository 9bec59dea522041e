import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Merchant-supplied URLs (export targets, OAuth token endpoints, test connections) could point the shop
 * at its own network. Only http(s) URLs are accepted, and a connection is refused when the address it
 * would go to is not a global unicast address: private, loopback, link-local, carrier-grade NAT,
 * multicast, reserved and documentation ranges, IPv4 and IPv6, IPv4-mapped IPv6 judged by its IPv4
 * address. The check runs on the resolved address when connecting (see outbound-agent.ts), so a name
 * that resolves differently later (DNS rebinding) gains nothing. `allowPrivateTargets` turns it off for
 * tests and for shops whose ERP sits in their own network.
 */
export class OutboundAddressRefusedError extends Error {
  readonly code = 'EXT_ORDER_EXPORT_ADDRESS_REFUSED';

  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      host === address
        ? `${address} is a private, loopback or link-local address; such targets are refused`
        : `${host} resolves to ${address}, a private, loopback or link-local address; such targets are refused`,
    );
    this.name = 'OutboundAddressRefusedError';
  }
}

/** Whether a connection to this IP address is refused (anything but global unicast). */
export function isRefusedAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() !== 'unicast';
}

export type OutboundUrlCheck = { ok: true; url: URL } | { ok: false; problem: string };

/**
 * The static part of the check, for saving a target and before each request: an absolute http(s) URL
 * without user:password (it would end up in stored request logs), and no literal refused address.
 */
export function checkOutboundUrl(text: unknown, options: { allowPrivateTargets?: boolean } = {}): OutboundUrlCheck {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, problem: 'must be an absolute http or https URL' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'must be an absolute http or https URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'must use http or https' };
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'must not contain a user name or password (use a credential)' };
  const host = hostAddress(url.hostname);
  if (!options.allowPrivateTargets && isIP(host) !== 0 && isRefusedAddress(host)) {
    return { ok: false, problem: new OutboundAddressRefusedError(host, host).message };
  }
  return { ok: true, url };
}

/** "[::1]" as found in URL.hostname -> "::1" */
export function hostAddress(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Resolver = (hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for net/tls.connect that resolves every address of the name and refuses the connection
 * if any of them is refused: a name that mixes public and private addresses is not a target.
 */
export function guardedLookup(resolve: Resolver = dnsLookup as unknown as Resolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => isRefusedAddress(entry.address));
      if (refused) return callback(Object.assign(new OutboundAddressRefusedError(hostname, refused.address)), []);
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
