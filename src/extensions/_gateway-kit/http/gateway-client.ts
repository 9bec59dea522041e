import { Agent, request, type Dispatcher } from 'undici';
import { isPlainObject } from '../../../platform/sdk/index.js';
import { redactedExcerpt } from './redact.js';

/** Why a call failed; callers branch on `kind` and show `gatewayMessage` when the gateway sent one. */
export type GatewayClientErrorKind =
  /** No answer: connection refused, reset, DNS. */
  | 'network'
  | 'timeout'
  /** The gateway answered with an error envelope or a non-2xx code. */
  | 'gateway'
  /** The answer was not the documented JSON shape. */
  | 'invalid-response';

export interface GatewayClientErrorDetails {
  httpStatus?: number;
  /** The gateway's own message, redacted (no key) and cut short. */
  gatewayMessage?: string;
  /** The request path without its query (queries may carry references). */
  path?: string;
}

/** The one error a gateway client throws. Its message never holds a key or a whole gateway body. */
export class GatewayClientError extends Error {
  constructor(
    readonly kind: GatewayClientErrorKind,
    message: string,
    readonly details: GatewayClientErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GatewayClientError';
  }

  /** What a log line may carry about it. */
  toLog(): Record<string, unknown> {
    return { kind: this.kind, httpStatus: this.details.httpStatus, gatewayMessage: this.details.gatewayMessage, path: this.details.path };
  }
}

/** A gateway's verdict on one parsed JSON answer: the envelope decides, not only the HTTP code. */
export type EnvelopeVerdict = { ok: true; data: unknown } | { ok: false; message?: string };

/**
 * The verdict of the `{status, message, data}` envelope both gateways answer in: `data` when `isOk(status)`,
 * otherwise a refusal with the gateway's message (the HTTP code alone does not decide: errors may come with 200).
 */
export function statusEnvelope(isOk: (status: unknown) => boolean): (envelope: Record<string, unknown>) => EnvelopeVerdict {
  return (envelope) => (isOk(envelope.status) ? { ok: true, data: envelope.data } : { ok: false, message: typeof envelope.message === 'string' ? envelope.message : undefined });
}

export interface GatewayHttpClientOptions {
  /** Shown in messages, e.g. `Gateway D`. */
  gatewayName: string;
  baseUrl: string;
  /** Sent as `Authorization: Bearer <key>`; also redacted from anything the gateway answers. */
  secretKey: string;
  /** Per request. */
  timeoutMs: number;
  /** Reads a JSON answer: success with its data, or a refusal with the gateway's message. */
  readEnvelope(body: Record<string, unknown>, httpStatus: number): EnvelopeVerdict;
}

export interface GatewayResponse {
  /** The whole JSON object the gateway answered. */
  envelope: Record<string, unknown>;
  data: unknown;
  httpStatus: number;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Keeps connections to the gateways open between calls (clients are made per call from the settings). */
const gatewayAgent = new Agent({ keepAliveTimeout: 4_000 });

/**
 * The JSON-over-HTTP base every gateway client is built on: bearer auth, a timeout, redirects refused,
 * the gateway's envelope checked, one error type. Gateway text reaching messages is redacted.
 */
export class GatewayHttpClient {
  readonly #options: GatewayHttpClientOptions;
  readonly #baseUrl: string;

  constructor(options: GatewayHttpClientOptions) {
    this.#options = options;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async request(method: HttpMethod, path: string, body?: unknown): Promise<GatewayResponse> {
    const { gatewayName } = this.#options;
    const where = pathOnly(path);
    let response: Dispatcher.ResponseData;
    let text: string;
    try {
      // undici's request, not fetch: fetch's WHATWG wrappers cost 0.2-0.3 ms per call, and a webhook
      // makes one call before it answers. Redirects are not followed: a 3xx is an answer like any other.
      response = await request(this.#baseUrl + path, {
        method,
        headers: {
          authorization: `Bearer ${this.#options.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: gatewayAgent,
        // one deadline for connect, headers and body together
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      text = await response.body.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GatewayClientError(
        timedOut ? 'timeout' : 'network',
        timedOut ? `${gatewayName} did not answer ${method} ${where} in time.` : `${gatewayName} could not be reached (${method} ${where}).`,
        { path: where },
        { cause: error },
      );
    }
    const status = response.statusCode;
    const ok = status >= 200 && status < 300;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      if (!ok) throw this.#refused(where, status, undefined);
      throw this.invalid(where, 'the answer is not JSON', status);
    }
    if (!isPlainObject(parsed)) throw this.invalid(where, 'the answer is not a JSON object', status);
    const verdict = this.#options.readEnvelope(parsed, status);
    if (!ok || !verdict.ok) throw this.#refused(where, status, verdict.ok ? undefined : verdict.message);
    return { envelope: parsed, data: verdict.data, httpStatus: status };
  }

  /** A call whose `data` must be a JSON object; `what` says what is missing otherwise (`no refund data`). */
  async object(method: HttpMethod, path: string, what: string, body?: unknown): Promise<GatewayResponse & { data: Record<string, unknown> }> {
    const response = await this.request(method, path, body);
    if (!isPlainObject(response.data)) throw this.invalid(path, what);
    return { ...response, data: response.data };
  }

  /** A call whose `data` must be an array; `what` names the list (`the bank list`). */
  async list(method: HttpMethod, path: string, what: string, body?: unknown): Promise<GatewayResponse & { data: unknown[] }> {
    const response = await this.request(method, path, body);
    if (!Array.isArray(response.data)) throw this.invalid(path, `${what} is not an array`);
    return { ...response, data: response.data };
  }

  /** An account resolution: the holder's name (`data.account_name`, trimmed), which both gateways answer in. */
  async accountName(method: HttpMethod, path: string, body?: unknown): Promise<string> {
    const { data } = await this.request(method, path, body);
    if (!isPlainObject(data) || typeof data.account_name !== 'string' || data.account_name.trim() === '') throw this.invalid(path, 'no account name');
    return data.account_name.trim();
  }

  /** An answer of the wrong shape (for the endpoint's own checks of `data`). */
  invalid(path: string, what: string, httpStatus?: number): GatewayClientError {
    return new GatewayClientError('invalid-response', `${this.#options.gatewayName} answered ${pathOnly(path)} unexpectedly: ${what}.`, {
      httpStatus,
      path: pathOnly(path),
    });
  }

  #refused(path: string, httpStatus: number, message: string | undefined): GatewayClientError {
    const gatewayMessage = typeof message === 'string' && message.trim() !== '' ? redactedExcerpt(message, [this.#options.secretKey]) : undefined;
    const reason = gatewayMessage ? `: ${gatewayMessage}` : '';
    return new GatewayClientError('gateway', `${this.#options.gatewayName} refused ${path} (HTTP ${httpStatus})${reason}`, { httpStatus, gatewayMessage, path });
  }
}

/** Thrown when the active mode (live or sandbox) has no secret key: nothing can be sent to the gateway. */
export class GatewayNotConfiguredError extends Error {
  constructor(gatewayName: string, mode: 'live' | 'sandbox') {
    super(`${gatewayName} has no secret key for ${mode} mode.`);
    this.name = 'GatewayNotConfiguredError';
  }
}

/**
 * Faults worth a retry (a webhook answered 500 so the gateway delivers again): no answer, an answer
 * that is not the API's (no message: e.g. an HTML 404 of a wrong base URL), a server error, rate
 * limiting, or our key refused (a merchant may fix key or URL before the next attempt).
 */
export function isTransientGatewayError(error: GatewayClientError): boolean {
  if (error.kind !== 'gateway' || !error.details.gatewayMessage) return true;
  const status = error.details.httpStatus ?? 0;
  return status >= 500 || status === 429 || status === 401 || status === 403;
}

/** Query strings may carry references; messages name the path only. */
export function pathOnly(path: string): string {
  return path.split('?')[0]!;
}
