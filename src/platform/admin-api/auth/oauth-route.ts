import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { isPlainObject } from '../../util/is-plain-object.js';
import { documentedOnly, errorResponses, StringEnum, typed } from '../../http/schemas/index.js';
import { ADMINISTRATION_CLIENT_ID, type TokenService } from './token-service.js';
import type { LoginThrottle } from './login-throttle.js';
import { oauthErrors } from './oauth-errors.js';

const TokenRequest = Type.Object(
  {
    grant_type: StringEnum(['password', 'refresh_token', 'client_credentials']),
    client_id: Type.String({ description: '`administration` for password and refresh_token; the access key of an integration for client_credentials.' }),
    client_secret: Type.Optional(Type.String({ description: 'client_credentials: the secret of the integration.' })),
    username: Type.Optional(Type.String({ description: 'password grant.' })),
    password: Type.Optional(Type.String({ description: 'password grant.' })),
    refresh_token: Type.Optional(Type.String({ description: 'refresh_token grant.' })),
    scopes: Type.Optional(Type.Unknown({ description: 'Accepted and ignored.' })),
  },
  { description: 'JSON or form-urlencoded.' },
);

// a real serializer schema: a token answer carries exactly these fields
const TokenResponse = Type.Object(
  {
    token_type: StringEnum(['Bearer']),
    expires_in: Type.Integer({ description: 'Seconds.' }),
    access_token: Type.String(),
    refresh_token: Type.Optional(Type.String({ description: 'Not for client_credentials.' })),
  },
  { description: 'The access token (and a single-use refresh token).' },
);

/** `POST /api/oauth/token`: password, refresh_token and client_credentials grants (JSON or form body). */
export function registerOAuthRoute(app: FastifyInstance, tokens: TokenService, throttle: LoginThrottle): void {
  typed(app).post(
    '/api/oauth/token',
    {
      config: { auth: false },
      schema: {
        tags: ['Authentication'],
        summary: 'Obtain an access token',
        description: 'Grants: `password` (client_id `administration`), `refresh_token`, `client_credentials` (integration access key and secret).',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        // documented only: the handler answers with OAuth's own error codes
        body: documentedOnly(TokenRequest),
        response: {
          200: TokenResponse,
          ...errorResponses({ 400: 'A missing parameter (code 3), wrong credentials (6), an invalid refresh token (8), an unsupported grant (2).', 401: 'Unknown client (code 4).', 429: 'Too many failed logins.' }),
        },
      },
    },
    async (request, reply) => {
      const body = isPlainObject(request.body) ? request.body : {};
      const field = (name: string): string => {
        const value = body[name];
        if (typeof value !== 'string' || value === '') throw oauthErrors.missingParameter(name);
        return value;
      };
      const grantType = field('grant_type');
      reply.header('pragma', 'no-cache').header('cache-control', 'no-store');

      switch (grantType) {
        case 'password': {
          if (field('client_id') !== ADMINISTRATION_CLIENT_ID) throw oauthErrors.invalidClient();
          const username = field('username');
          const password = field('password');
          // counted before the password is checked: attempts at the same time count too
          const wait = await throttle.attempt(username, request.ip);
          if (wait > 0) throw oauthErrors.throttled(wait);
          const token = await tokens.passwordGrant(username, password);
          await throttle.succeed(username, request.ip);
          return token;
        }
        case 'refresh_token':
          if (field('client_id') !== ADMINISTRATION_CLIENT_ID) throw oauthErrors.invalidClient();
          return tokens.refreshGrant(field('refresh_token'));
        case 'client_credentials':
          return tokens.clientCredentialsGrant(field('client_id'), field('client_secret'));
        default:
          throw oauthErrors.unsupportedGrant();
      }
    },
  );
}
