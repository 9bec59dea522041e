import type { LookupFunction, Socket } from 'node:net';
import { isIP } from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { guardedLookup, hostAddress, isRefusedAddress, OutboundAddressRefusedError } from './outbound-guard.js';

export interface OutboundAgentOptions {
  /** connect to private, loopback and link-local addresses too (tests, ERPs in the shop's own network) */
  allowPrivateTargets?: boolean;
  /** time to establish a connection, TLS included; each request has its own overall timeout too */
  connectTimeoutMs?: number;
  /** only for tests: resolve names with this instead of the system resolver */
  resolve?: Parameters<typeof guardedLookup>[0];
}

/**
 * The one HTTP agent of the extension: keep-alive connections per origin, and the outbound guard at
 * connect time. A literal address is checked before connecting, a name through the lookup (every
 * resolved address), and the socket's peer address once more after connecting.
 */
export function createOutboundAgent(options: OutboundAgentOptions = {}): Dispatcher {
  const allowPrivate = options.allowPrivateTargets === true;
  const connector = buildConnector({
    timeout: options.connectTimeoutMs ?? 10_000,
    ...(allowPrivate ? {} : { lookup: guardedLookup(options.resolve) as unknown as LookupFunction }),
  });
  const connect: buildConnector.connector = (connectOptions, callback) => {
    if (allowPrivate) return connector(connectOptions, callback);
    const host = hostAddress(connectOptions.hostname);
    if (isIP(host) !== 0 && isRefusedAddress(host)) {
      callback(new OutboundAddressRefusedError(host, host), null);
      return;
    }
    return connector(connectOptions, (...args) => {
      const [error, socket] = args;
      const peer = (socket as Socket | null)?.remoteAddress;
      if (!error && socket && peer && isRefusedAddress(peer)) {
        socket.destroy();
        return callback(new OutboundAddressRefusedError(host, peer), null);
      }
      callback(...args);
    });
  };
  return new Agent({ connect, keepAliveTimeout: 4_000, keepAliveMaxTimeout: 60_000 });
}
