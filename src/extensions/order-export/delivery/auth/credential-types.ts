/** The authentication a credential gives an export target's requests. */
export const AUTH_TYPES = ['none', 'api_key', 'basic', 'bearer', 'oauth2'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

export const DEFAULT_API_KEY_HEADER = 'X-API-Key';

/**
 * A credential as delivery needs it: the secret decrypted, publicMeta as saved. publicMeta keys per
 * type: api_key `headerName` (default X-API-Key); basic `username`; oauth2 `tokenUrl`, `clientId`,
 * `scope` (optional). The secret is the API key, the password, the bearer token or the client secret.
 */
export interface CredentialConfig {
  /** keys the OAuth token cache; absent for unsaved credentials */
  id?: string;
  authType: AuthType;
  publicMeta: Record<string, unknown>;
  secret?: string | null;
}

/** Thrown when a credential lacks what its type needs; the message never holds the secret. */
export class CredentialIncompleteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialIncompleteError';
  }
}
