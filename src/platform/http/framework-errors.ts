import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, toErrorEntries } from '../errors/app-error.js';

/**
 * Answers of the HTTP layer itself, in the platform's error shape like every other answer: a path
 * parameter longer than the router allows (414), a malformed URL (400), and what Node's parser refuses
 * before any route runs (431 headers too large, 408 timeout, 400 otherwise).
 */
export function frameworkErrorAnswer(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? uriTooLong() : new AppError(400, 'FRAMEWORK__BAD_URL', 'The URL is malformed.');
  return reply.code(appError.status).type('application/json').send({ errors: toErrorEntries(appError) });
}

/** A path part longer than the router's parameters may be (also for a catch-all route that would take the path otherwise). */
export function uriTooLong(): AppError {
  return new AppError(414, 'FRAMEWORK__URI_TOO_LONG', 'A part of the URL is too long.');
}

const CLIENT_ERRORS: Record<string, AppError> = {
  HPE_HEADER_OVERFLOW: new AppError(431, 'FRAMEWORK__REQUEST_HEADERS_TOO_LARGE', 'The request headers (or the URL) are too large.'),
  ERR_HTTP_REQUEST_TIMEOUT: new AppError(408, 'FRAMEWORK__REQUEST_TIMEOUT', 'The request took too long to arrive.'),
};
const MALFORMED = new AppError(400, 'FRAMEWORK__MALFORMED_REQUEST', 'The request is not valid HTTP.');

/** Node's `clientError`: the connection gets one answer in the error shape, then closes. */
export function clientErrorAnswer(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = (error.code && CLIENT_ERRORS[error.code]) || MALFORMED;
  const body = JSON.stringify({ errors: toErrorEntries(appError) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
