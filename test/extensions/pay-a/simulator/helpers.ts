import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SECRET_KEY, type PayASimulator } from '../../../../src/extensions/pay-a/simulator/index.js';

export const CALLBACK_URL = 'http://shop.test/payment/finalize-transaction?_sw_payment_token=abc.def';

/** A call to the simulator's API over real HTTP, authenticated with the default test key unless told. */
export async function api(
  sim: PayASimulator,
  method: string,
  path: string,
  body?: unknown,
  options: { key?: string | null; rawBody?: string } = {},
): Promise<{ status: number; contentType: string; text: string; json: any }> {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? DEFAULT_SECRET_KEY : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${sim.baseUrl}${path}`, { method, headers, body: payload, redirect: 'manual' });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json };
}

/** Initializes a transaction and returns initialize's data (authorization_url, access_code, reference). */
export async function initialize(sim: PayASimulator, fields: Record<string, unknown> = {}, key?: string): Promise<{ authorization_url: string; access_code: string; reference: string }> {
  const response = await api(sim, 'POST', '/transaction/initialize', { email: 'buyer@example.com', amount: 500000, currency: 'NGN', callback_url: CALLBACK_URL, ...fields }, { key });
  if (response.status !== 200) throw new Error(`initialize failed: ${response.text}`);
  return response.json.data;
}

/** A successful payment of `amount` (wire units) with charge.success not sent; returns its reference. */
export async function paidTransaction(sim: PayASimulator, fields: Record<string, unknown> = {}): Promise<string> {
  const { reference } = await initialize(sim, fields);
  sim.setOptions({ autoWebhooks: false });
  try {
    await sim.completePayment(reference, 'success');
  } finally {
    sim.setOptions({ autoWebhooks: true });
  }
  return reference;
}

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  /** the body exactly as sent */
  raw: string;
}

/**
 * A stand-in for the shop's webhook endpoint on a real port: records every request and answers with the
 * next status of `answers` (204 once they are used up).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly answers: number[] = [];
  /** requests that reached the redirect target: a sender that follows redirects would land there */
  redirectTargetHits = 0;
  #app: FastifyInstance | undefined;
  url = '';

  async start(): Promise<this> {
    const app = Fastify({ logger: false, forceCloseConnections: true });
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post('/pay-a/webhook', async (request, reply) => {
      this.received.push({ headers: { ...request.headers }, raw: String(request.body ?? '') });
      const status = this.answers.shift() ?? 204;
      if (status >= 300 && status < 400) return reply.code(status).header('location', '/elsewhere').send();
      return reply.code(status).send();
    });
    app.post('/elsewhere', async (_request, reply) => {
      this.redirectTargetHits += 1;
      return reply.code(204).send();
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    this.#app = app;
    this.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/pay-a/webhook`;
    return this;
  }

  bodies(): any[] {
    return this.received.map((r) => JSON.parse(r.raw));
  }

  events(): string[] {
    return this.bodies().map((body) => body.event as string);
  }

  async close(): Promise<void> {
    await this.#app?.close();
  }
}
