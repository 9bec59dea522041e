import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRouteRequirementMismatch, isSchemaValidationError, validationIssues, type ValidationIssue } from './validation-errors.js';

export type ValidationAnswer = (issues: ValidationIssue[], request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * For routes whose answers to malformed input are fixed by someone else (a gateway's webhook expects
 * `{"status":"error","message":"Bad request"}`, a refund route `{"error": message}`): schema violations
 * of every route in `scope` are answered by `respond`. Everything else, including a path parameter
 * that misses its pattern (404), goes on to the platform's error handler and keeps its shape. Call it
 * in an encapsulated scope (`app.register(async (scope) => ...)`), before the scope's routes.
 */
export function answerValidationErrors(scope: FastifyInstance, respond: ValidationAnswer): void {
  scope.setErrorHandler((error, request, reply) => {
    // an error thrown here reaches the parent scope's handler
    if (!isSchemaValidationError(error) || isRouteRequirementMismatch(error)) throw error;
    return respond(validationIssues(error), request, reply);
  });
}
