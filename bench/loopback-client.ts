import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'undici';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is. */
  payload?: object | string;
}

export interface BenchAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): any;
}

/** Requests to the platform as a client sends them: HTTP over loopback, kept-alive connections. */
export interface BenchClient {
  /** Where the app listens, e.g. `http://127.0.0.1:41234`. */
  url: string;
  request(request: BenchRequest): Promise<BenchAnswer>;
  close(): Promise<void>;
}

/**
 * Puts an app on a loopback port and returns a client for it. The bench measures what a shopper, a
 * gateway or an admin client sees, so sockets, HTTP parsing and serialisation are part of every figure.
 */
export async function overLoopback(app: FastifyInstance): Promise<BenchClient> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const pool = new Pool(url, { connections: 16, keepAliveTimeout: 30_000 });
  return {
    url,
    async request({ method, url, headers = {}, payload }) {
      const json = payload !== undefined && typeof payload !== 'string';
      const answer = await pool.request({
        method,
        path: url,
        headers: json && !hasHeader(headers, 'content-type') ? { ...headers, 'content-type': 'application/json' } : headers,
        body: payload === undefined ? undefined : json ? JSON.stringify(payload) : payload,
      });
      const body = await answer.body.text();
      return { statusCode: answer.statusCode, headers: answer.headers, body, json: () => JSON.parse(body) };
    },
    close: () => pool.close(),
  };
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}
