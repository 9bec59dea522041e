import { CredentialIncompleteError, DEFAULT_API_KEY_HEADER, type CredentialConfig } from './credential-types.js';
import type { OAuth2TokenProvider } from './oauth2-token-provider.js';

export interface AuthMaterial {
  /** headers to add to the request */
  headers: Record<string, string>;
  /** what must never be stored: header names and values (see redaction.ts) */
  secretHeaderNames: string[];
  secrets: string[];
}

export interface AuthContext {
  tokens: OAuth2TokenProvider;
  timeoutMs: number;
  /** fetch a new OAuth token even if one is cached (the target answered 401 to the cached one) */
  forceRefresh?: boolean;
}

/**
 * The headers a credential adds to a request. Throws CredentialIncompleteError when a secret or a
 * publicMeta value is missing, and OAuth2TokenError when no token can be had.
 */
export async function authHeadersFor(credential: CredentialConfig | null | undefined, context: AuthContext): Promise<AuthMaterial> {
  if (!credential || credential.authType === 'none') return { headers: {}, secretHeaderNames: [], secrets: [] };
  const secret = credential.secret;
  if (typeof secret !== 'string' || secret === '') throw new CredentialIncompleteError(`the ${credential.authType} credential has no secret`);
  const meta = credential.publicMeta;
  const text = (key: string): string => {
    const value = meta[key];
    if (typeof value !== 'string' || value === '') throw new CredentialIncompleteError(`the ${credential.authType} credential has no publicMeta.${key}`);
    return value;
  };

  switch (credential.authType) {
    case 'api_key': {
      const headerName = typeof meta.headerName === 'string' && meta.headerName !== '' ? meta.headerName : DEFAULT_API_KEY_HEADER;
      return { headers: { [headerName]: secret }, secretHeaderNames: [headerName], secrets: [secret] };
    }
    case 'basic': {
      const encoded = Buffer.from(`${text('username')}:${secret}`, 'utf8').toString('base64');
      return { headers: { authorization: `Basic ${encoded}` }, secretHeaderNames: ['authorization'], secrets: [secret, encoded] };
    }
    case 'bearer':
      return { headers: { authorization: `Bearer ${secret}` }, secretHeaderNames: ['authorization'], secrets: [secret] };
    case 'oauth2': {
      const scope = typeof meta.scope === 'string' && meta.scope !== '' ? meta.scope : undefined;
      const token = await context.tokens.accessToken(
        { credentialId: credential.id, tokenUrl: text('tokenUrl'), clientId: text('clientId'), scope, clientSecret: secret },
        { timeoutMs: context.timeoutMs, forceRefresh: context.forceRefresh },
      );
      return { headers: { authorization: `Bearer ${token}` }, secretHeaderNames: ['authorization'], secrets: [secret, token] };
    }
  }
}
