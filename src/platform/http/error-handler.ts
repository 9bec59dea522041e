import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors, toErrorEntries } from '../errors/app-error.js';
import { isSchemaValidationError, validationAppError } from './schemas/validation-errors.js';

/**
 * Answers some requests' errors in another representation than the JSON shape (the storefront's HTML
 * error pages). `handles` decides per request; everything it declines keeps the JSON shape.
 */
export interface ErrorResponder {
  handles(request: FastifyRequest): boolean;
  respond(error: AppError, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

// keyed by the instance registerErrorHandler was called on: fastify allows one 404 handler per prefix,
// so a later part of the app plugs into these handlers instead of replacing them
const responders = new WeakMap<FastifyInstance, ErrorResponder>();

/** Lets `responder` answer the errors it handles; `app` is the instance registerErrorHandler was called on. */
export function setErrorResponder(app: FastifyInstance, responder: ErrorResponder): void {
  responders.set(app, responder);
}

/**
 * Turns every error into the Admin API error shape `{"errors":[{status, code, title, detail, ...}]}`.
 * Unexpected errors are logged with their stack and answered with a generic 500 that reveals nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  const answer = (appError: AppError, request: FastifyRequest, reply: FastifyReply) => {
    const responder = responders.get(app);
    if (responder?.handles(request)) return responder.respond(appError, request, reply);
    return reply.status(appError.status).type('application/json').send({ errors: toErrorEntries(appError) });
  };
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return answer(appError, request, reply);
  });
  app.setNotFoundHandler((request, reply) => {
    const error = errors.routeNotFound(request.method, request.url);
    return answer(error, request, reply);
  });
}

function toAppError(error: FastifyError | AppError | Error, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (isSchemaValidationError(error)) return validationAppError(error, request);
  const fastifyError = error as FastifyError;
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // fastify's own client errors: malformed JSON, unsupported media type, body too large
    return new AppError(fastifyError.statusCode, fastifyError.code ?? 'FRAMEWORK__BAD_REQUEST', fastifyError.message);
  }
  return new AppError(500, 'FRAMEWORK__INTERNAL_SERVER_ERROR', 'An internal error occurred.');
}
