import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import type { ApiContext } from '../../acl/context.js';
import { errors } from '../../errors/app-error.js';
import { SecretBox } from '../../security/secret-box.js';
import { verifyPassword } from '../../security/password.js';
import { oauthErrors } from './oauth-errors.js';
import { ChangeCache } from '../../database/change-cache.js';
import type { TableChanges } from '../../database/table-changes.js';

export const ACCESS_TOKEN_TTL_SECONDS = 600;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
export const ADMINISTRATION_CLIENT_ID = 'administration';

export interface TokenResponse {
  token_type: 'Bearer';
  expires_in: number;
  access_token: string;
  refresh_token?: string;
}

interface TokenClaims {
  sub?: string;
  /** integration id, for client_credentials tokens */
  iid?: string;
  /** User tokens: the user's token generation at issue; the token works while it is still the user's. */
  gen?: number;
  scopes: string[];
}

/**
 * Issues and checks Admin API tokens: short-lived JWTs (HS256, key derived from APP_SECRET) and
 * single-use refresh tokens stored as SHA-256 hashes. A user's tokens carry the user's token generation
 * (migration-token-generation.ts): a password change, a deactivation or a change of the user's roles raises
 * it, and every token issued before, access or refresh, is refused from then on.
 */
export class TokenService {
  // imported once: jose imports raw key bytes again on every sign and verify (a WebCrypto round of its own)
  readonly #key: Promise<CryptoKey>;
  /**
   * The rights behind tokens, per user and per integration, kept until one of the tables they come from
   * changes (TableChanges): authentication then costs no statement, and a password change, a
   * deactivation or a role change still applies to the very next request.
   */
  readonly #users: ChangeCache<string, CallerRow | undefined>;
  readonly #integrations: ChangeCache<string, CallerRow | undefined>;
  readonly #verifiedTokens = new Map<string, { claims: VerifiedClaims; expiresAtMs: number }>();

  constructor(
    private readonly db: Db,
    appSecret: string,
    changes: TableChanges,
  ) {
    const raw = SecretBox.deriveKey(appSecret, 'admin-api-access-token');
    this.#key = crypto.subtle.importKey('raw', new Uint8Array(raw), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.#users = new ChangeCache(changes, ['user', 'acl_user_role', 'acl_role']);
    this.#integrations = new ChangeCache(changes, ['integration', 'integration_role', 'acl_role']);
  }

  async passwordGrant(username: string, password: string): Promise<TokenResponse> {
    const user = await this.db
      .selectFrom('user')
      .select(['id', 'password', 'admin', 'active', 'token_generation'])
      .where('username', '=', username)
      .executeTakeFirst();
    // verify against a dummy hash when the user is unknown so timing does not reveal usernames
    const ok = await verifyPassword(password, user?.password ?? DUMMY_HASH);
    if (!user || !ok || !user.active) throw oauthErrors.invalidCredentials();
    // the generation of the row the password was checked against: a change committed meanwhile raised it,
    // so these tokens are refused
    return this.#issueForUser(user.id, user.admin, true, user.token_generation);
  }

  async refreshGrant(refreshToken: string): Promise<TokenResponse> {
    // DELETE ... RETURNING makes the token single-use even when two requests race with it
    const row = await this.db
      .deleteFrom('refresh_token')
      .where('token_hash', '=', sha256(refreshToken))
      .returning(['user_id', 'expires_at', 'token_generation'])
      .executeTakeFirst();
    if (!row) throw oauthErrors.invalidRefreshToken();
    if (new Date(row.expires_at).getTime() < Date.now()) throw oauthErrors.invalidRefreshToken('The refresh token has expired.');
    const user = await this.db.selectFrom('user').select(['id', 'admin', 'active', 'token_generation']).where('id', '=', row.user_id).executeTakeFirst();
    // a refresh token stored by a grant that read the user before a change (after the change deleted the others)
    if (!user || !user.active || user.token_generation !== row.token_generation) throw oauthErrors.invalidRefreshToken();
    return this.#issueForUser(user.id, user.admin, false, user.token_generation);
  }

  async clientCredentialsGrant(clientId: string, clientSecret: string): Promise<TokenResponse> {
    if (!clientId.startsWith('SWIA')) throw oauthErrors.invalidClient();
    const integration = await this.db
      .selectFrom('integration')
      .select(['id', 'secret_access_key', 'admin'])
      .where('access_key', '=', clientId)
      .executeTakeFirst();
    const ok = await verifyPassword(clientSecret, integration?.secret_access_key ?? DUMMY_HASH);
    if (!integration || !ok) throw oauthErrors.invalidClient();
    await this.db.updateTable('integration').set({ last_usage_at: sql`now()` }).where('id', '=', integration.id).execute();
    const scopes = integration.admin ? ['write', 'admin'] : ['write'];
    return { token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, access_token: await this.#sign(clientId, { iid: integration.id, scopes }) };
  }

  /** Checks a bearer token and loads the caller's current rights (roles may have changed since issue). */
  async authenticate(authorization: string | undefined): Promise<ApiContext> {
    if (!authorization) throw errors.unauthorized('Missing "Authorization" header');
    const token = authorization.replace(/^Bearer\s+/i, '').trim();
    if (!token) throw errors.unauthorized('Missing "Authorization" header');
    const payload = await this.#verified(token);
    if (payload.sub) return this.#userContext(payload.sub, payload.gen);
    if (payload.iid) return this.#integrationContext(payload.iid);
    throw errors.unauthorized('Access token could not be verified.');
  }

  /**
   * The claims of a token whose signature checked out. A token once verified is kept until it expires
   * (its signature cannot stop being valid; revocation is decided by the caller's row, read below): jose's
   * WebCrypto verify costs about 70 µs and a thread-pool hop per request, a Map lookup none.
   */
  async #verified(token: string): Promise<VerifiedClaims> {
    const known = this.#verifiedTokens.get(token);
    if (known && Date.now() < known.expiresAtMs) return known.claims;
    let payload: VerifiedClaims & { exp?: number };
    try {
      ({ payload } = (await jwtVerify(token, await this.#key, { algorithms: ['HS256'] })) as { payload: VerifiedClaims & { exp?: number } });
    } catch (error) {
      this.#verifiedTokens.delete(token);
      if (error instanceof joseErrors.JWTExpired) throw errors.unauthorized('Access token is expired');
      throw errors.unauthorized('Access token could not be verified.');
    }
    if (payload.exp !== undefined) {
      if (this.#verifiedTokens.size >= MAX_VERIFIED_TOKENS) this.#verifiedTokens.delete(this.#verifiedTokens.keys().next().value as string);
      this.#verifiedTokens.set(token, { claims: payload, expiresAtMs: payload.exp * 1000 });
    }
    return payload;
  }

  // one statement on a cache miss: the caller's row and the privilege lists of its roles together
  async #userContext(userId: string, generation: number | undefined): Promise<ApiContext> {
    const user = await this.#users.get(userId, () =>
      this.db
        .selectFrom('user as u')
        .select(['u.id', 'u.admin', 'u.active', 'u.token_generation', rolePrivileges('acl_user_role', 'user_id')])
        .where('u.id', '=', userId)
        .executeTakeFirst() as Promise<CallerRow | undefined>,
    );
    if (!user || !user.active) throw errors.unauthorized('Access token could not be verified.');
    if (generation !== user.token_generation) throw errors.unauthorized('Access token is revoked.');
    return { source: { type: 'admin-api', userId, isAdmin: user.admin, privileges: privilegeSet(user.role_privileges) } };
  }

  async #integrationContext(integrationId: string): Promise<ApiContext> {
    const integration = await this.#integrations.get(
      integrationId,
      () =>
        this.db
          .selectFrom('integration as u')
          .select(['u.id', 'u.admin', rolePrivileges('integration_role', 'integration_id')])
          .where('u.id', '=', integrationId)
          .executeTakeFirst() as Promise<CallerRow | undefined>,
    );
    if (!integration) throw errors.unauthorized('Access token could not be verified.');
    return { source: { type: 'admin-api', integrationId, isAdmin: integration.admin, privileges: privilegeSet(integration.role_privileges) } };
  }

  async #issueForUser(userId: string, admin: boolean, passwordVerified: boolean, generation: number): Promise<TokenResponse> {
    const scopes = ['write', ...(admin ? ['admin'] : []), ...(passwordVerified ? ['user-verified'] : [])];
    const accessToken = await this.#sign(ADMINISTRATION_CLIENT_ID, { sub: userId, gen: generation, scopes });
    const refreshToken = randomBytes(48).toString('base64url');
    await this.db
      .insertInto('refresh_token')
      .values({ token_hash: sha256(refreshToken), user_id: userId, token_generation: generation, expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000) })
      .execute();
    return { token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, access_token: accessToken, refresh_token: refreshToken };
  }

  async #sign(audience: string, claims: TokenClaims): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(randomUUID())
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(await this.#key);
  }
}

type VerifiedClaims = TokenClaims;

/** Tokens of this many callers stay verified; the oldest is dropped past that. */
const MAX_VERIFIED_TOKENS = 1_000;

interface CallerRow {
  id: string;
  admin: boolean;
  /** Users only. */
  active?: boolean;
  /** Users only: tokens of another generation are revoked. */
  token_generation?: number;
  role_privileges: unknown[];
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// A valid scrypt hash of a random string, used to spend the same time on unknown users.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** The privilege lists of the roles mapped to `u` (the user or integration row), as one JSON array of lists. */
function rolePrivileges(mappingTable: string, column: string) {
  return sql<unknown[]>`(SELECT COALESCE(jsonb_agg(r.privileges), '[]'::jsonb) FROM ${sql.table(mappingTable)} AS m
    JOIN acl_role AS r ON r.id = m.acl_role_id WHERE ${sql.ref(`m.${column}`)} = u.id)`.as('role_privileges');
}

function privilegeSet(lists: unknown[]): Set<string> {
  const privileges = new Set<string>();
  for (const list of lists) {
    // rows written directly to the table bypass the entity validation: ignore anything but a list
    if (!Array.isArray(list)) continue;
    for (const privilege of list) if (typeof privilege === 'string') privileges.add(privilege);
  }
  return privileges;
}
