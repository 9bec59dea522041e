import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { runStandaloneCommand } from '../../../src/platform/console/standalone.js';
import type { StandaloneConsoleCommand } from '../../../src/platform/sdk/index.js';
import { captureIo } from '../../platform/console/capture-io.js';

/** What tests of a gateway simulator share: API calls over real HTTP and a stand-in for the shop's webhook endpoint. */

export interface SimulatorAnswer {
  status: number;
  contentType: string;
  text: string;
  json: any;
}

/**
 * A call to a simulator's API over real HTTP, authenticated with `defaultKey` unless told (`key: null`: no
 * header). Redirects are not followed: the answer is the simulator's own.
 */
export async function callSimulator(
  baseUrl: string,
  defaultKey: string,
  method: string,
  path: string,
  body?: unknown,
  options: { key?: string | null; rawBody?: string } = {},
): Promise<SimulatorAnswer> {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? defaultKey : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload, redirect: 'manual' });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json };
}

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  /** the body exactly as sent */
  raw: string;
}

/** How the shop's webhook endpoint answers: its path, the status once `answers` are used up, the body of a status. */
export interface WebhookEndpoint {
  path: string;
  defaultStatus: number;
  bodyFor?(status: number): unknown;
}

/**
 * A stand-in for the shop's webhook endpoint on a real port: records every request and answers with the
 * next status of `answers` (the endpoint's default once they are used up); a 3xx points elsewhere.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly answers: number[] = [];
  /** requests that reached the redirect target: a sender that follows redirects would land there */
  redirectTargetHits = 0;
  #app: FastifyInstance | undefined;
  url = '';

  constructor(private readonly endpoint: WebhookEndpoint) {}

  async start(): Promise<this> {
    const { path, defaultStatus, bodyFor } = this.endpoint;
    const app = Fastify({ logger: false, forceCloseConnections: true });
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post(path, async (request, reply) => {
      this.received.push({ headers: { ...request.headers }, raw: String(request.body ?? '') });
      const status = this.answers.shift() ?? defaultStatus;
      if (status >= 300 && status < 400) return reply.code(status).header('location', '/elsewhere').send();
      return reply.code(status).send(bodyFor?.(status));
    });
    app.post('/elsewhere', async (_request, reply) => {
      this.redirectTargetHits += 1;
      return reply.code(defaultStatus).send(bodyFor?.(defaultStatus));
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    this.#app = app;
    this.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${path}`;
    return this;
  }

  /** Forgets what was received and the answers not used yet. */
  reset(): void {
    this.received.length = 0;
    this.answers.length = 0;
    this.redirectTargetHits = 0;
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

/** The suite's webhook receiver: started before its tests (before the suite's own beforeAll), closed after them. */
export function suiteWebhookReceiver<R extends WebhookReceiver>(receiver: R): R {
  beforeAll(async () => {
    await receiver.start();
  });
  afterAll(() => receiver.close());
  return receiver;
}

/** A simulator command is named `ext:<gateway>:simulator` and standalone (no database: it runs beside a shop). */
export function expectStandaloneSimulatorCommand(command: StandaloneConsoleCommand, name: string): void {
  expect(command.name).toBe(name);
  expect(command.standalone).toBe(true);
}

/**
 * Runs a simulator command with `args` through the console until `whileRunning` has checked the running
 * simulator; returns the exit code, everything printed and the simulator it ran.
 */
export async function runSimulatorCommand<S>(
  create: (options: { untilStopped: (simulator: S) => Promise<unknown> }) => StandaloneConsoleCommand,
  args: string[],
  whileRunning: (simulator: S) => Promise<void>,
): Promise<{ code: number | undefined; text: string; simulator: S }> {
  const io = captureIo();
  let seen: S | undefined;
  const command = create({
    untilStopped: async (simulator) => {
      seen = simulator;
      await whileRunning(simulator);
    },
  });
  const code = await runStandaloneCommand([command], args, io);
  return { code, text: io.text(), simulator: seen! };
}
