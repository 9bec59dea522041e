import { AppError } from '../../errors/app-error.js';

/** The OAuth server's errors, with the League codes and titles Shopware answers with. */
export const oauthErrors = {
  unsupportedGrant(): AppError {
    return new AppError(400, '2', 'The authorization grant type is not supported by the authorization server.', {
      title: 'The authorization grant type is not supported by the authorization server.',
    });
  },
  missingParameter(name: string): AppError {
    return new AppError(400, '3', `Check the \`${name}\` parameter`, {
      title: 'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.',
    });
  },
  invalidClient(): AppError {
    return new AppError(401, '4', 'Client authentication failed', { title: 'Client authentication failed' });
  },
  invalidCredentials(): AppError {
    return new AppError(400, '6', 'The user credentials were incorrect.', { title: 'The user credentials were incorrect.' });
  },
  invalidRefreshToken(detail = 'The refresh token is invalid.'): AppError {
    return new AppError(400, '8', detail, { title: 'The refresh token is invalid.' });
  },
  throttled(retryAfterSeconds: number): AppError {
    return new AppError(429, 'FRAMEWORK__AUTH_THROTTLED', `Too many login attempts. Try again in ${retryAfterSeconds} seconds.`, {
      meta: { parameters: { seconds: retryAfterSeconds } },
    });
  },
};
