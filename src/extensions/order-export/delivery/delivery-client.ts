import type { Dispatcher } from 'undici';
import { isObjectLiteral } from '../../../platform/sdk/index.js';
import { authHeadersFor, type AuthMaterial } from './auth/auth-headers.js';
import { CredentialIncompleteError, type CredentialConfig } from './auth/credential-types.js';
import { OAuth2TokenError, OAuth2TokenProvider } from './auth/oauth2-token-provider.js';
import { buildDeliveryRequest } from './delivery-request.js';
import { bodyForStorage, redactHeaders, redactSecrets } from './redaction.js';
import { DEFAULT_TARGET_TIMEOUT_MS, type DeliveryTarget } from './target-settings.js';
import { sendOutboundRequest, type OutboundRequest, type TransportResult } from './transport.js';

/**
 * - delivered: the target answered 2xx
 * - rejected: the target answered anything else (3xx included: redirects are not followed)
 * - unreachable: no answer (DNS, refused, TLS, timeout, refused address)
 * - auth_failed: the credential is incomplete or its OAuth token endpoint gave no token; nothing was sent
 */
export type DeliveryOutcomeKind = 'delivered' | 'rejected' | 'unreachable' | 'auth_failed';

export interface StoredRequest {
  method: string;
  url: string;
  /** secrets replaced by "[redacted]" */
  headers: Record<string, string>;
  body: string;
  bodyTruncated: boolean;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  bodyTruncated: boolean;
}

export interface DeliveryOutcome {
  kind: DeliveryOutcomeKind;
  httpStatus: number | null;
  /** one line for the attempt record and the admin; never holds a secret */
  message: string;
  /** a 2xx whose JSON body says {"acknowledged": true}: the target confirmed processing synchronously */
  acknowledged: boolean;
  /** `reference` of such a body (the target's id for the order), when it is text */
  targetReference: string | null;
  /** from a Retry-After answer header, in seconds */
  retryAfterSeconds: number | null;
  /** whether the target answered 401 to a cached OAuth token and the request was sent again with a new one */
  tokenRefreshed: boolean;
  /** the request as it was sent, safe to store; null when nothing was sent */
  request: StoredRequest | null;
  response: StoredResponse | null;
  durationMs: number;
}

export interface DeliveryInput {
  target: DeliveryTarget;
  credential?: CredentialConfig | null;
  /** the rendered payload as JSON text */
  body: string;
  correlationId: string;
}

export interface TestConnectionResult {
  /** whether the target answered at all (any HTTP status) */
  reachable: boolean;
  /** the answer's status; 0 when there was none */
  httpStatus: number;
  message: string;
}

export interface DeliveryClientOptions {
  dispatcher: Dispatcher;
  tokens?: OAuth2TokenProvider;
  /** milliseconds; default Date.now */
  now?: () => number;
}

/** Sends export payloads and connection tests to targets; target, network and credential problems are returned as values, not thrown. */
export class DeliveryClient {
  readonly tokens: OAuth2TokenProvider;
  private readonly now: () => number;

  constructor(private readonly options: DeliveryClientOptions) {
    this.now = options.now ?? Date.now;
    this.tokens = options.tokens ?? new OAuth2TokenProvider({ dispatcher: options.dispatcher, now: this.now });
  }

  async deliver(input: DeliveryInput): Promise<DeliveryOutcome> {
    const timeoutMs = input.target.timeoutMs ?? DEFAULT_TARGET_TIMEOUT_MS;
    const started = performance.now();
    let attempt = await this.sendSigned(input, timeoutMs, false);
    let tokenRefreshed = false;
    // a cached token may have been revoked early: one new token, one more try
    if (input.credential?.authType === 'oauth2' && 'result' in attempt && attempt.result.kind === 'response' && attempt.result.status === 401) {
      attempt = await this.sendSigned(input, timeoutMs, true);
      tokenRefreshed = true;
    }
    const durationMs = Math.round(performance.now() - started);
    if ('authError' in attempt) return { ...emptyOutcome('auth_failed', attempt.authError, durationMs), tokenRefreshed };
    return { ...this.outcomeOf(attempt.request, attempt.auth, attempt.result), tokenRefreshed, durationMs };
  }

  /** GET to the target URL with its auth: whether it answers. Target errors are answers, not exceptions. */
  async testConnection(target: Pick<DeliveryTarget, 'url' | 'timeoutMs' | 'headers'>, credential?: CredentialConfig | null): Promise<TestConnectionResult> {
    const timeoutMs = target.timeoutMs ?? DEFAULT_TARGET_TIMEOUT_MS;
    let auth: AuthMaterial;
    try {
      auth = await authHeadersFor(credential, { tokens: this.tokens, timeoutMs });
    } catch (error) {
      return { reachable: false, httpStatus: 0, message: authErrorMessage(error) };
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const [name, value] of Object.entries(target.headers ?? {})) headers[name.toLowerCase()] = value;
    for (const [name, value] of Object.entries(auth.headers)) headers[name.toLowerCase()] = value;
    const result = await sendOutboundRequest({ method: 'GET', url: target.url, headers, timeoutMs }, { dispatcher: this.options.dispatcher });
    if (result.kind === 'transport_error') return { reachable: false, httpStatus: 0, message: result.message };
    const status = result.status;
    let message = `the target answered ${status}`;
    if (status === 401 || status === 403) message += ': check the credential';
    else if (status === 404 || status === 405) message += ': it is reachable; the URL may accept only deliveries (POST or PUT)';
    else if (status >= 300 && status < 400) message += ': redirects are not followed, use the final URL';
    return { reachable: true, httpStatus: status, message };
  }

  private async sendSigned(
    input: DeliveryInput,
    timeoutMs: number,
    forceRefresh: boolean,
  ): Promise<{ request: OutboundRequest; auth: AuthMaterial; result: TransportResult } | { authError: string }> {
    let auth: AuthMaterial;
    try {
      auth = await authHeadersFor(input.credential, { tokens: this.tokens, timeoutMs, forceRefresh });
    } catch (error) {
      return { authError: authErrorMessage(error) };
    }
    const request = buildDeliveryRequest({
      target: input.target,
      body: input.body,
      correlationId: input.correlationId,
      timestamp: Math.floor(this.now() / 1000),
      auth,
    });
    return { request, auth, result: await sendOutboundRequest(request, { dispatcher: this.options.dispatcher }) };
  }

  private outcomeOf(request: OutboundRequest, auth: AuthMaterial, result: TransportResult): Omit<DeliveryOutcome, 'tokenRefreshed' | 'durationMs'> {
    // redacted before cutting, so no secret is kept half
    const sent = bodyForStorage(redactSecrets(String(request.body ?? ''), auth.secrets));
    const stored: StoredRequest = {
      method: request.method,
      url: request.url,
      headers: redactHeaders(request.headers, auth),
      body: sent.text,
      bodyTruncated: sent.truncated,
    };
    if (result.kind === 'transport_error') {
      return { kind: 'unreachable', httpStatus: null, message: result.message, acknowledged: false, targetReference: null, retryAfterSeconds: null, request: stored, response: null };
    }
    const received = bodyForStorage(redactSecrets(result.body.toString('utf8'), auth.secrets));
    const response: StoredResponse = {
      status: result.status,
      headers: redactHeaders(result.headers, auth),
      body: received.text,
      bodyTruncated: result.bodyTruncated || received.truncated,
    };
    const success = result.status >= 200 && result.status <= 299;
    const answer = success ? acknowledgement(result) : { acknowledged: false, reference: null };
    let message = `the target answered ${result.status}`;
    if (result.status >= 300 && result.status <= 399) message += ' (redirects are not followed)';
    return {
      kind: success ? 'delivered' : 'rejected',
      httpStatus: result.status,
      message,
      acknowledged: answer.acknowledged,
      targetReference: answer.reference,
      retryAfterSeconds: retryAfterSeconds(result.headers['retry-after'], this.now()),
      request: stored,
      response,
    };
  }
}

function emptyOutcome(kind: DeliveryOutcomeKind, message: string, durationMs: number): Omit<DeliveryOutcome, 'tokenRefreshed'> {
  return { kind, httpStatus: null, message, acknowledged: false, targetReference: null, retryAfterSeconds: null, request: null, response: null, durationMs };
}

function authErrorMessage(error: unknown): string {
  if (error instanceof OAuth2TokenError || error instanceof CredentialIncompleteError) return error.message;
  throw error;
}

/** `{"acknowledged": true, "reference": "..."}` in a 2xx JSON body. */
function acknowledgement(result: Extract<TransportResult, { kind: 'response' }>): { acknowledged: boolean; reference: string | null } {
  if (result.bodyTruncated || !(result.headers['content-type'] ?? '').toLowerCase().includes('json')) return { acknowledged: false, reference: null };
  let body: unknown;
  try {
    body = JSON.parse(result.body.toString('utf8'));
  } catch {
    return { acknowledged: false, reference: null };
  }
  if (!isObjectLiteral(body) || body.acknowledged !== true) return { acknowledged: false, reference: null };
  return { acknowledged: true, reference: typeof body.reference === 'string' ? body.reference.slice(0, 255) : null };
}

/** Retry-After as delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | undefined, nowMs: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - nowMs) / 1000));
}
