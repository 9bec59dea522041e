import type { FastifyInstance } from 'fastify';
import { ADMINISTRATION_CLIENT_ID, type TokenService } from './token-service.js';
import type { LoginThrottle } from './login-throttle.js';
import { oauthErrors } from './oauth-errors.js';

const tokenResponseSchema = {
  type: 'object',
  properties: {
    token_type: { type: 'string', enum: ['Bearer'] },
    expires_in: { type: 'integer' },
    access_token: { type: 'string' },
    refresh_token: { type: 'string' },
  },
  required: ['token_type', 'expires_in', 'access_token'],
} as const;

/** `POST /api/oauth/token`: password, refresh_token and client_credentials grants (JSON or form body). */
export function registerOAuthRoute(app: FastifyInstance, tokens: TokenService, throttle: LoginThrottle): void {
  app.post(
    '/api/oauth/token',
    {
      config: { auth: false },
      schema: {
        tags: ['Authentication'],
        summary: 'Obtain an access token',
        description: 'Grants: `password` (client_id `administration`), `refresh_token`, `client_credentials` (integration access key and secret).',
        body: {
          type: 'object',
          properties: {
            grant_type: { type: 'string', enum: ['password', 'refresh_token', 'client_credentials'] },
            client_id: { type: 'string' },
            client_secret: { type: 'string' },
            username: { type: 'string' },
            password: { type: 'string' },
            refresh_token: { type: 'string' },
            scopes: {},
          },
        },
        response: { 200: tokenResponseSchema },
      },
      // the body schema documents the grant; the handler gives OAuth's own error codes
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
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
          const wait = throttle.retryAfter(username, request.ip);
          if (wait > 0) throw oauthErrors.throttled(wait);
          try {
            const token = await tokens.passwordGrant(username, password);
            throttle.succeed(username, request.ip);
            return token;
          } catch (error) {
            throttle.fail(username, request.ip);
            throw error;
          }
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
