import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../src/platform/http/app.js';
import { openDatabase } from '../../../src/platform/database/connection.js';
import { Platform } from '../../../src/platform/kernel.js';
import type { Extension } from '../../../src/platform/sdk/index.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { testEnv } from '../../helpers/test-env.js';

/**
 * On PostgreSQL a second platform on the same database, standing for a second process (undefined on the
 * embedded database, which one process holds); read `second` inside tests.
 */
export function useSecondProcess(shop: { readonly t: TestPlatform }, extension: Extension): { readonly second: { platform: Platform; app: FastifyInstance } | undefined } {
  const state: { second: { platform: Platform; app: FastifyInstance } | undefined } = { second: undefined };
  beforeAll(async () => {
    if (shop.t.platform.database.kind !== 'postgres') return;
    const connectionString = (shop.t.platform.database.pool.options as { connectionString: string }).connectionString;
    const platform = await Platform.boot({ env: testEnv(), extensions: [extension], database: await openDatabase({ databaseUrl: connectionString, maxConnections: 5 }) });
    const app = await buildApp(platform);
    await app.ready();
    state.second = { platform, app };
  });
  afterAll(async () => {
    await state.second?.app.close();
    await state.second?.platform.close();
  });
  return state;
}

/** `count` refund requests at once, spread over the processes' apps in turn. */
export async function refundsAtOnce(t: TestPlatform, second: { app: FastifyInstance } | undefined, url: string, payload: object, count: number): Promise<LightMyRequestResponse[]> {
  const token = await t.adminToken();
  const apps = second ? [t.app, second.app] : [t.app];
  return Promise.all(
    Array.from({ length: count }, (_, i) => apps[i % apps.length]!.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, payload })),
  );
}
