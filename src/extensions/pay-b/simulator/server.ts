import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { registerBankRoutes } from './api-banks.js';
import { registerPaymentRoutes } from './api-payments.js';
import { registerRefundRoutes } from './api-refunds.js';
import { registerTransactionRoutes } from './api-transactions.js';
import type { SimulatorContext } from './context.js';
import { errorBody, MESSAGES, sendError } from './envelope.js';
import type { FaultAction } from './faults.js';
import { registerHostedPage } from './hosted-page.js';
import { escapeHtml, messagePage } from './html.js';
import type { RecordedRequest } from './types.js';

class InvalidJsonError extends Error {
  readonly statusCode = 400;
}

/** The simulated gateway's HTTP server: API under /v3 (Bearer auth, recorded, faults) and the hosted page. */
export async function buildSimulatorServer(ctx: SimulatorContext): Promise<FastifyInstance> {
  // forceCloseConnections: close() must not wait for keep-alive sockets or a delayed fault
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const recorded = new WeakMap<FastifyRequest, RecordedRequest>();
  const faultsApplied = new WeakMap<FastifyRequest, FaultAction>();

  // an empty JSON body is no body (as the gateway's body parser treats it); malformed JSON is a 400 envelope
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new InvalidJsonError(MESSAGES.invalidJson), undefined);
    }
  });
  await app.register(formbody);

  app.addHook('onRequest', async (request) => {
    if (isHostedPage(request)) return;
    const entry: RecordedRequest = { method: request.method, path: request.url, headers: flatHeaders(request), body: undefined };
    ctx.requests.push(entry);
    recorded.set(request, entry);
  });

  app.addHook('preHandler', async (request, reply) => {
    const entry = recorded.get(request);
    if (!entry) return;
    entry.body = request.body;
    const fault = ctx.faults.take(request.method, request.url);
    if (fault?.applyRequest) faultsApplied.set(request, fault);
    else if (fault) {
      await ctx.faults.wait(fault.delayMs);
      if (fault.answer) return reply.code(fault.answer.status).type('application/json; charset=utf-8').send(fault.answer.body);
    }
    if (!request.is404 && !isAuthorized(request, ctx.settings.secretKeys)) return sendError(reply, MESSAGES.unauthorized, 401);
  });

  // a fault that lets the request do its work and replaces only the answer
  app.addHook('onSend', async (request, reply, payload) => {
    const fault = faultsApplied.get(request);
    if (!fault) return payload;
    faultsApplied.delete(request);
    await ctx.faults.wait(fault.delayMs);
    if (!fault.answer) return payload;
    reply.code(fault.answer.status).type('application/json; charset=utf-8');
    return JSON.stringify(fault.answer.body);
  });

  app.addHook('onResponse', async (request, reply) => {
    if (recorded.has(request)) ctx.settings.log(`${request.method} ${request.url} -> ${reply.statusCode}`);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const clientError = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
    const status = clientError ? error.statusCode! : 500;
    const message = clientError ? error.message : 'An error occurred. Please contact support';
    if (isHostedPage(request)) return reply.code(status).type('text/html; charset=utf-8').send(messagePage('Error', message));
    return reply.code(status).type('application/json; charset=utf-8').send(errorBody(message));
  });

  // unknown paths answer like the gateway's web server: an HTML 404 (e.g. GET /v3/transactions/:id/refunds)
  app.setNotFoundHandler((request, reply) => notFoundPage(request, reply));

  registerPaymentRoutes(app, ctx);
  registerTransactionRoutes(app, ctx);
  registerRefundRoutes(app, ctx);
  registerBankRoutes(app);
  registerHostedPage(app, ctx);
  return app;
}

function notFoundPage(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0]!;
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><pre>Cannot ${escapeHtml(request.method)} ${escapeHtml(path)}</pre></body></html>`);
}

function isHostedPage(request: FastifyRequest): boolean {
  return request.url.startsWith('/hosted/');
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
