import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SECRET_KEY, type PayBSimulator } from '../../../../src/extensions/pay-b/simulator/index.js';

/** A call to the simulator's API over real HTTP, authenticated with the default test key unless told. */
export async function api(
  sim: PayBSimulator,
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
  const response = await fetch(`${sim.baseUrl}${path}`, { method, headers, body: payload });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json };
}

/** Initialises a hosted payment and returns its link. */
export async function initPayment(sim: PayBSimulator, fields: Record<string, unknown>): Promise<string> {
  const response = await api(sim, 'POST', '/v3/payments', {
    customer: { email: 'buyer@example.com', name: 'Ada Buyer' },
    redirect_url: 'http://shop.test/payment/finalize-transaction?_sw_payment_token=abc.def',
    ...fields,
  });
  if (response.status !== 200) throw new Error(`payment init failed: ${response.text}`);
  return response.json.data.link as string;
}

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  /** the body exactly as sent */
  raw: string;
}

/**
 * A stand-in for the shop's webhook endpoint on a real port: records every request and answers with the
 * next status of `answers` (200 once they are used up).
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
    app.post('/pay-b/webhook', async (request, reply) => {
      this.received.push({ headers: { ...request.headers }, raw: String(request.body ?? '') });
      const status = this.answers.shift() ?? 200;
      if (status >= 300 && status < 400) return reply.code(status).header('location', '/elsewhere').send();
      return reply.code(status).send(status === 204 ? undefined : { status: status === 200 ? 'success' : 'error' });
    });
    app.post('/elsewhere', async () => {
      this.redirectTargetHits += 1;
      return { status: 'success' };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    this.#app = app;
    this.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/pay-b/webhook`;
    return this;
  }

  bodies(): any[] {
    return this.received.map((r) => JSON.parse(r.raw));
  }

  async close(): Promise<void> {
    await this.#app?.close();
  }
}
