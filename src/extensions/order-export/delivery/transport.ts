import { request, type Dispatcher } from 'undici';
import { checkOutboundUrl } from './outbound-guard.js';
import { STORED_BODY_LIMIT } from './redaction.js';

export type OutboundMethod = 'GET' | 'POST' | 'PUT';

export interface OutboundRequest {
  method: OutboundMethod;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** for the whole exchange: connect, send, headers and body */
  timeoutMs: number;
}

export type TransportResult =
  | {
      kind: 'response';
      status: number;
      headers: Record<string, string>;
      /** at most `maxResponseBytes`; the rest is not read */
      body: Buffer;
      bodyTruncated: boolean;
      durationMs: number;
    }
  | { kind: 'transport_error'; code: string; message: string; durationMs: number };

export interface TransportOptions {
  dispatcher: Dispatcher;
  /** default 64 KiB, what is stored */
  maxResponseBytes?: number;
}

/**
 * One HTTP exchange. Any HTTP answer is a `response` (redirects included: they are never followed);
 * everything that is no answer (bad URL, DNS, refused, TLS, timeout, refused address) is a
 * `transport_error` with a stable code and a message fit to store and show. Never throws for the network.
 */
export async function sendOutboundRequest(outbound: OutboundRequest, options: TransportOptions): Promise<TransportResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // scheme and user:password only: addresses are the agent's to check, on the resolved address
  const checked = checkOutboundUrl(outbound.url, { allowPrivateTargets: true });
  if (!checked.ok) return { kind: 'transport_error', code: 'invalid_url', message: `the URL ${checked.problem}`, durationMs: 0 };

  const signal = AbortSignal.timeout(outbound.timeoutMs);
  try {
    const response = await request(checked.url, {
      method: outbound.method,
      headers: outbound.headers,
      body: outbound.body,
      dispatcher: options.dispatcher,
      signal,
    });
    const { body, truncated } = await readCapped(response.body, options.maxResponseBytes ?? STORED_BODY_LIMIT);
    return { kind: 'response', status: response.statusCode, headers: flattenHeaders(response.headers), body, bodyTruncated: truncated, durationMs: elapsed() };
  } catch (error) {
    if (signal.aborted) {
      return { kind: 'transport_error', code: 'timeout', message: `no complete answer within ${outbound.timeoutMs} ms`, durationMs: elapsed() };
    }
    return { kind: 'transport_error', ...describeTransportError(error), durationMs: elapsed() };
  }
}

async function readCapped(body: Dispatcher.ResponseData['body'], limit: number): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    if (size + buffer.length > limit) {
      chunks.push(buffer.subarray(0, limit - size));
      // stop downloading: a huge answer must not fill the memory of the shop
      body.destroy();
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

const MESSAGES: Record<string, string> = {
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved (temporary DNS failure)',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was closed by the target',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection was closed by the target',
  UND_ERR_CONNECT_TIMEOUT: 'the connection could not be established in time',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  UND_ERR_BODY_TIMEOUT: 'the answer did not complete in time',
  EXT_ORDER_EXPORT_ADDRESS_REFUSED: '',
};

/** A stable code and a message from the error chain (undici wraps socket errors in `cause`). */
export function describeTransportError(error: unknown): { code: string; message: string } {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (code === 'EXT_ORDER_EXPORT_ADDRESS_REFUSED') return { code: 'address_refused', message: (current as Error).message };
    if (MESSAGES[code]) return { code, message: MESSAGES[code]! };
    if (/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code)) return { code, message: `the TLS handshake failed (${code})` };
    return { code, message: `the request failed (${code})` };
  }
  return { code: 'request_failed', message: `the request failed: ${error instanceof Error ? error.message : String(error)}` };
}
