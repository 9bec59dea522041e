import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RecordedTokenRequest, SimulatorAuth } from './types.js';

/** Issued OAuth tokens and the checks of the simulated target's authentication. */
export class SimulatorAuthority {
  private readonly tokens = new Map<string, number>();

  constructor(
    private readonly auth: SimulatorAuth,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a request's headers carry the configured credentials. */
  authorizes(headers: Record<string, string>): boolean {
    const auth = this.auth;
    switch (auth.type) {
      case 'none':
        return true;
      case 'api_key':
        return same(headers[(auth.headerName ?? 'X-API-Key').toLowerCase()], auth.key);
      case 'basic': {
        const encoded = /^Basic (.+)$/i.exec(headers.authorization ?? '')?.[1];
        return encoded !== undefined && same(Buffer.from(encoded, 'base64').toString('utf8'), `${auth.username}:${auth.password}`);
      }
      case 'bearer':
        return same(bearer(headers), auth.token);
      case 'oauth2': {
        const token = bearer(headers);
        const expiresAt = token === undefined ? undefined : this.tokens.get(token);
        return expiresAt !== undefined && expiresAt > this.now();
      }
    }
  }

  /**
   * The client credentials grant: client authentication by HTTP Basic (form-encoded id and secret) or by
   * client_id/client_secret in the body, as RFC 6749 allows.
   */
  token(headers: Record<string, string>, form: URLSearchParams): { status: number; body: Record<string, unknown>; record: RecordedTokenRequest } {
    const auth = this.auth;
    let clientId = form.get('client_id') ?? undefined;
    let clientSecret = form.get('client_secret') ?? undefined;
    const basic = /^Basic (.+)$/i.exec(headers.authorization ?? '')?.[1];
    if (basic) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      clientId = formDecode(decoded.slice(0, colon < 0 ? undefined : colon));
      clientSecret = colon < 0 ? undefined : formDecode(decoded.slice(colon + 1));
    }
    const scope = form.get('scope') ?? undefined;
    const record: RecordedTokenRequest = { clientId, scope, granted: false };
    if (auth.type !== 'oauth2') return { status: 404, body: { error: 'not_found' }, record };
    if (form.get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' }, record };
    if (!same(clientId, auth.clientId) || !same(clientSecret, auth.clientSecret)) return { status: 401, body: { error: 'invalid_client' }, record };
    if (auth.scope !== undefined && scope !== auth.scope) return { status: 400, body: { error: 'invalid_scope' }, record };
    const lifetime = auth.tokenLifetimeSeconds ?? 3600;
    const token = `sim_${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, this.now() + lifetime * 1000);
    record.granted = true;
    return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: lifetime }, record };
  }

  revokeTokens(): void {
    this.tokens.clear();
  }
}

function bearer(headers: Record<string, string>): string | undefined {
  return /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
}

function same(actual: string | undefined, expected: string): boolean {
  if (actual === undefined) return false;
  const a = Buffer.from(actual);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function formDecode(text: string): string {
  return new URLSearchParams(`v=${text}`).get('v') ?? '';
}
