import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { isObjectLiteral } from '../../../platform/sdk/index.js';
import { verifySignedMessage } from '../delivery/standard-webhooks.js';
import { answerBody, type AnswerScript } from './answer-script.js';
import type { SimulatorAuthority } from './auth-check.js';
import type { AcknowledgementInput, RecordedDelivery, ScriptedAnswer, TargetSimulator, TargetSimulatorOptions } from './types.js';

export const TOKEN_PATH = '/oauth/token';
export const CONTROL_PREFIX = '/_simulator/';

export interface SimulatorState {
  options: TargetSimulatorOptions;
  script: AnswerScript;
  authority: SimulatorAuthority;
  deliveries: TargetSimulator['deliveries'];
  probes: TargetSimulator['probes'];
  tokenRequests: TargetSimulator['tokenRequests'];
  acknowledge: TargetSimulator['acknowledge'];
  /** set on close, so delayed answers stop waiting */
  closing: AbortController;
}

/**
 * The simulated target: deliveries (POST or PUT on any path), probes (GET), the OAuth token endpoint,
 * and control routes under /_simulator/ for driving it from the command line (deliveries, script,
 * acknowledge).
 */
export async function buildTargetSimulatorServer(state: SimulatorState): Promise<FastifyInstance> {
  // forceCloseConnections: close() must not wait for the shop's keep-alive sockets or a delayed answer
  const app = Fastify({ logger: false, forceCloseConnections: true });
  // every body raw: the signature covers the exact bytes
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onResponse', async (request, reply) => {
    state.options.log?.(`${request.method} ${request.url} -> ${reply.statusCode}`);
  });

  app.post(TOKEN_PATH, async (request, reply) => {
    const form = new URLSearchParams(rawText(request));
    const { status, body, record } = state.authority.token(lowerHeaders(request), form);
    state.tokenRequests.push(record);
    return reply.code(status).header('cache-control', 'no-store').send(body);
  });

  app.get(`${CONTROL_PREFIX}deliveries`, async () => ({ deliveries: state.deliveries }));
  app.post(`${CONTROL_PREFIX}script`, async (request, reply) => {
    const body = parseJson(rawText(request));
    const answers = isObjectLiteral(body) && Array.isArray(body.answers) ? body.answers : undefined;
    if (!answers || !answers.every((answer) => isObjectLiteral(answer) && Number.isInteger(answer.status))) {
      return reply.code(400).send({ error: 'expected {"answers": [{"status": 200, ...}, ...]}' });
    }
    state.script.enqueue(answers as unknown as ScriptedAnswer[]);
    return { queued: answers.length };
  });
  app.post(`${CONTROL_PREFIX}acknowledge`, async (request, reply) => {
    const body = parseJson(rawText(request));
    if (!isObjectLiteral(body) || typeof body.callbackUrl !== 'string' || typeof body.correlationId !== 'string') {
      return reply.code(400).send({ error: 'expected {"callbackUrl", "correlationId", "status", "reference"?, "message"?}' });
    }
    try {
      return await state.acknowledge(body as unknown as AcknowledgementInput);
    } catch (error) {
      return reply.code(502).send({ error: (error as Error).message });
    }
  });

  app.get('/*', async (request, reply) => {
    const headers = lowerHeaders(request);
    const authorized = state.authority.authorizes(headers);
    state.probes.push({ path: request.url, headers, authorized });
    return authorized ? { ok: true } : unauthorized(reply);
  });

  const deliver = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = lowerHeaders(request);
    const rawBody = rawText(request);
    const delivery: RecordedDelivery = {
      method: request.method,
      path: request.url,
      headers,
      rawBody,
      json: parseJson(rawBody),
      signature: 'unchecked',
      authorized: state.authority.authorizes(headers),
      answeredStatus: 0,
      receivedAt: new Date().toISOString(),
    };
    state.deliveries.push(delivery);
    if (state.options.signingSecret) {
      const verified = verifySignedMessage({ headers, body: rawBody, secrets: [state.options.signingSecret] });
      delivery.signature = verified.ok ? 'valid' : 'invalid';
      if (!verified.ok) delivery.signatureFailure = verified.reason;
    }
    // a real receiver checks the signature before anything else, then the credentials
    if (delivery.signature === 'invalid') {
      delivery.answeredStatus = 400;
      return reply.code(400).send({ error: 'invalid_signature', reason: delivery.signatureFailure });
    }
    if (!delivery.authorized) {
      delivery.answeredStatus = 401;
      return unauthorized(reply);
    }
    const answer = state.script.next(delivery);
    delivery.answeredStatus = answer.status;
    if (answer.delayMs) await sleep(answer.delayMs, undefined, { signal: state.closing.signal }).catch(() => undefined);
    if (answer.retryAfter !== undefined) reply.header('retry-after', String(answer.retryAfter));
    for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
    return reply.code(answer.status).type('application/json').send(JSON.stringify(answerBody(answer)));
  };
  app.post('/*', deliver);
  app.put('/*', deliver);
  return app;
}

function unauthorized(reply: FastifyReply) {
  return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
}

function rawText(request: FastifyRequest): string {
  return Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
}

function lowerHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
  }
  return headers;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
