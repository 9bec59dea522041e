import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, errors, toErrorEntries } from '../errors/app-error.js';

/**
 * Turns every error into the Admin API error shape `{"errors":[{status, code, title, detail, ...}]}`.
 * Unexpected errors are logged with their stack and answered with a generic 500 that reveals nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(appError.status).type('application/json').send({ errors: toErrorEntries(appError) });
  });
  app.setNotFoundHandler((request, reply) => {
    const error = errors.routeNotFound(request.method, request.url.split('?')[0] ?? request.url);
    return reply.status(404).send({ errors: toErrorEntries(error) });
  });
}

function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const first = fastifyError.validation[0];
    const pointer = first ? `/${fastifyError.validationContext ?? 'body'}${first.instancePath ?? ''}` : undefined;
    return errors.invalidRequest(fastifyError.message, pointer);
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // fastify's own client errors: malformed JSON, unsupported media type, body too large
    return new AppError(fastifyError.statusCode, fastifyError.code ?? 'FRAMEWORK__BAD_REQUEST', fastifyError.message);
  }
  return new AppError(500, 'FRAMEWORK__INTERNAL_SERVER_ERROR', 'An internal error occurred.');
}
