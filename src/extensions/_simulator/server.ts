import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { FaultAction, FaultInjector } from './faults.js';
import { escapeHtml, HOSTED_PAGE_HEADERS, messagePage } from './html.js';
import type { RecordedRequest } from './types.js';

class InvalidJsonError extends Error {
  readonly statusCode = 400;
}

export interface SimulatorServerOptions {
  /** Every API request is appended here (hosted pages are not). */
  requests: RecordedRequest[];
  faults: FaultInjector;
  /** Bearer keys the API accepts. */
  secretKeys(): readonly string[];
  /** The gateway's JSON error body for a message. */
  errorBody(message: string): unknown;
  /** The gateway's answer to a request without a valid key. */
  unauthorized: { status: number; message: string };
  invalidJsonMessage: string;
  /** The message of an unexpected failure (the gateway's generic one). */
  internalErrorMessage: string;
  /** Path prefix of the hosted pages (HTML, not recorded, no API key), e.g. `/hosted/`. */
  hostedPrefix: string;
  log(line: string): void;
  /** Registers the gateway's API routes and hosted pages. */
  routes(app: FastifyInstance): void;
}

/**
 * A simulated gateway's HTTP server: JSON parsing as gateways do it (an empty body is no body, malformed
 * JSON is the gateway's 400), every API request recorded, faults injected before or instead of the
 * answer, Bearer auth compared in constant time, errors in the gateway's envelope, unknown paths as an
 * HTML 404 the way a gateway's web server answers them.
 */
export async function buildSimulatorServer(options: SimulatorServerOptions): Promise<FastifyInstance> {
  // forceCloseConnections: close() must not wait for keep-alive sockets or a delayed fault
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const recorded = new WeakMap<FastifyRequest, RecordedRequest>();
  const faultsApplied = new WeakMap<FastifyRequest, FaultAction>();
  const isHostedPage = (request: FastifyRequest) => request.url.startsWith(options.hostedPrefix);
  const sendJson = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).type('application/json; charset=utf-8').send(body);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new InvalidJsonError(options.invalidJsonMessage), undefined);
    }
  });
  await app.register(formbody);

  app.addHook('onRequest', async (request) => {
    if (isHostedPage(request)) return;
    const entry: RecordedRequest = { method: request.method, path: request.url, headers: flatHeaders(request), body: undefined };
    options.requests.push(entry);
    recorded.set(request, entry);
  });

  app.addHook('preHandler', async (request, reply) => {
    const entry = recorded.get(request);
    if (!entry) return;
    entry.body = request.body;
    const fault = options.faults.take(request.method, request.url);
    if (fault?.applyRequest) faultsApplied.set(request, fault);
    else if (fault) {
      await options.faults.wait(fault.delayMs);
      if (fault.answer) return sendJson(reply, fault.answer.status, fault.answer.body);
    }
    if (!request.is404 && !isAuthorized(request, options.secretKeys())) {
      return sendJson(reply, options.unauthorized.status, options.errorBody(options.unauthorized.message));
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isHostedPage(request)) reply.headers(HOSTED_PAGE_HEADERS);
    return payload;
  });

  // a fault that lets the request do its work and replaces only the answer
  app.addHook('onSend', async (request, reply, payload) => {
    const fault = faultsApplied.get(request);
    if (!fault) return payload;
    faultsApplied.delete(request);
    await options.faults.wait(fault.delayMs);
    if (!fault.answer) return payload;
    reply.code(fault.answer.status).type('application/json; charset=utf-8');
    return JSON.stringify(fault.answer.body);
  });

  app.addHook('onResponse', async (request, reply) => {
    if (recorded.has(request)) options.log(`${request.method} ${request.url} -> ${reply.statusCode}`);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const clientError = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
    const status = clientError ? error.statusCode! : 500;
    const message = clientError ? error.message : options.internalErrorMessage;
    if (isHostedPage(request)) return reply.code(status).type('text/html; charset=utf-8').send(messagePage('Error', message));
    return sendJson(reply, status, options.errorBody(message));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><pre>Cannot ${escapeHtml(request.method)} ${escapeHtml(path)}</pre></body></html>`);
  });

  options.routes(app);
  return app;
}

function flatHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** `Authorization: Bearer <key>` with one of the accepted keys, compared in constant time. */
function isAuthorized(request: FastifyRequest, keys: readonly string[]): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const given = digest(match[1]!);
  let accepted = false;
  for (const key of keys) accepted = timingSafeEqual(given, digest(key)) || accepted;
  return accepted;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Settles once the answer has gone out (or the connection closed): webhooks about it come after it. */
export function answered(reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => reply.raw.once('close', () => resolve()));
}

/** The simulator's base URL once it listens. */
export function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the simulator is not listening on a TCP port');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
