import { createHash } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { isObjectLiteral } from '../../../../platform/sdk/index.js';
import { sendOutboundRequest } from '../transport.js';

/** What a client-credentials token request needs; the client secret is the credential's secret. */
export interface OAuth2ClientConfig {
  credentialId?: string;
  tokenUrl: string;
  clientId: string;
  scope?: string;
  clientSecret: string;
}

/** The token endpoint gave no usable token; `httpStatus` is null when it did not answer at all. */
export class OAuth2TokenError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
    this.name = 'OAuth2TokenError';
  }
}

export interface OAuth2TokenProviderOptions {
  dispatcher: Dispatcher;
  /** milliseconds; default Date.now */
  now?: () => number;
  /** a token is renewed this long before it expires (at most half its lifetime); default 30 s */
  refreshMarginSeconds?: number;
  /** kept this long when the endpoint gives no expires_in; default 300 s (a 401 renews it earlier) */
  defaultLifetimeSeconds?: number;
}

interface CachedToken {
  token: string;
  renewAt: number;
}

/**
 * OAuth 2.0 client credentials (RFC 6749 4.4) with a token cache per credential. The client
 * authenticates with HTTP Basic, the method every authorization server must support (2.3.1). The cache
 * key includes a hash of token URL, client id, scope and secret, so a changed credential never gets a
 * stale token; concurrent requests for one key share one token request.
 */
export class OAuth2TokenProvider {
  private readonly cache = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<string>>();
  private readonly now: () => number;
  private readonly margin: number;
  private readonly defaultLifetime: number;

  constructor(private readonly options: OAuth2TokenProviderOptions) {
    this.now = options.now ?? Date.now;
    this.margin = options.refreshMarginSeconds ?? 30;
    this.defaultLifetime = options.defaultLifetimeSeconds ?? 300;
  }

  /** A valid access token, from the cache unless `forceRefresh` (after the target answered 401). */
  async accessToken(config: OAuth2ClientConfig, request: { timeoutMs: number; forceRefresh?: boolean }): Promise<string> {
    const key = cacheKey(config);
    const pending = this.pending.get(key);
    // a token being fetched right now is fresh enough for a refresh as well
    if (pending) return pending;
    const cached = this.cache.get(key);
    if (cached && !request.forceRefresh && cached.renewAt > this.now()) return cached.token;
    this.cache.delete(key);
    const fetching = this.fetchToken(config, request.timeoutMs, key).finally(() => this.pending.delete(key));
    this.pending.set(key, fetching);
    return fetching;
  }

  /** Drops every cached token (e.g. when a credential is deleted). */
  clear(): void {
    this.cache.clear();
  }

  private async fetchToken(config: OAuth2ClientConfig, timeoutMs: number, key: string): Promise<string> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (config.scope) form.set('scope', config.scope);
    // RFC 6749 2.3.1: id and secret are form-encoded before they are joined for Basic
    const basic = Buffer.from(`${formEncode(config.clientId)}:${formEncode(config.clientSecret)}`).toString('base64');
    const result = await sendOutboundRequest(
      {
        method: 'POST',
        url: config.tokenUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: `Basic ${basic}` },
        body: form.toString(),
        timeoutMs,
      },
      { dispatcher: this.options.dispatcher, maxResponseBytes: 64 * 1024 },
    );
    if (result.kind === 'transport_error') throw new OAuth2TokenError(`the token endpoint could not be reached: ${result.message}`, null);
    const body = parseJson(result.body.toString('utf8'));
    if (result.status < 200 || result.status > 299) {
      const reason = isObjectLiteral(body) && typeof body.error === 'string' ? ` (${body.error.slice(0, 100)})` : '';
      throw new OAuth2TokenError(`the token endpoint answered ${result.status}${reason}`, result.status);
    }
    if (!isObjectLiteral(body) || typeof body.access_token !== 'string' || body.access_token === '') {
      throw new OAuth2TokenError('the token endpoint answered without an access_token', result.status);
    }
    if (body.token_type !== undefined && String(body.token_type).toLowerCase() !== 'bearer') {
      throw new OAuth2TokenError(`the token endpoint issued a ${String(body.token_type).slice(0, 40)} token; only bearer tokens are supported`, result.status);
    }
    const lifetime = Number(body.expires_in);
    const seconds = Number.isFinite(lifetime) && lifetime > 0 ? lifetime : this.defaultLifetime;
    this.cache.set(key, { token: body.access_token, renewAt: this.now() + (seconds - Math.min(this.margin, seconds / 2)) * 1000 });
    return body.access_token;
  }
}

function cacheKey(config: OAuth2ClientConfig): string {
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([config.tokenUrl, config.clientId, config.scope ?? '', config.clientSecret]))
    .digest('hex');
  return `${config.credentialId ?? ''}:${fingerprint}`;
}

function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
