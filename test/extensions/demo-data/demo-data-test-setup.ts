import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Platform } from '../../../src/platform/kernel.js';
import { buildApp } from '../../../src/platform/http/app.js';
import type { ExtensionHost } from '../../../src/platform/sdk/index.js';
import { extDemoData } from '../../../src/extensions/demo-data/index.js';
import { loadBlueprint } from '../../../src/extensions/demo-data/blueprint/load-blueprint.js';
import type { Blueprint } from '../../../src/extensions/demo-data/blueprint/schema.js';
import { resolveSeedOptions, type SeedOptions, type SeedOptionsInput } from '../../../src/extensions/demo-data/options.js';
import { seedDemoData, type SeedResult } from '../../../src/extensions/demo-data/seed/seed-demo-data.js';
import { openTestDatabase } from '../../helpers/databases.js';
import { testEnv } from '../../helpers/test-env.js';
import { createIntegration } from '../../helpers/test-platform.js';
import { countWrites, type WriteCounter } from './write-counter.js';

export interface DemoDataTest {
  platform: Platform;
  app: FastifyInstance;
  host: ExtensionHost;
  blueprint: Blueprint;
  writes: WriteCounter;
  options(input: SeedOptionsInput): SeedOptions;
  seed(input?: SeedOptionsInput): Promise<SeedResult>;
  tokenWithPrivileges(privileges: string[]): Promise<string>;
  api(method: string, url: string, options?: { token?: string; body?: unknown }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Small and fast by default: one channel, two products per leaf category, no images. */
export const SMALL: SeedOptionsInput = { channels: ['fresh'], perCategory: 2, skipMedia: true };

/**
 * A platform with ExtDemoData on a fresh template clone whose pool counts write statements (the test
 * platform helper opens its own database, so this boots the platform the same way with the counter in).
 */
export async function startDemoDataTest(): Promise<DemoDataTest> {
  const { handle, drop } = await openTestDatabase(inject('template'));
  const writes = countWrites(handle.pool);
  const platform = await Platform.boot({ env: testEnv(), extensions: [extDemoData], database: handle });
  const app = await buildApp(platform);
  await app.ready();
  const host = platform.extensions.hostOf('ExtDemoData');
  const blueprint = await loadBlueprint();
  const options = (input: SeedOptionsInput) => {
    const resolved = resolveSeedOptions(input, blueprint);
    if (!resolved.ok) throw new Error(JSON.stringify(resolved.problems));
    return resolved.options;
  };
  let adminToken: string | undefined;
  const tokenFor = async (body: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url: '/api/oauth/token', payload: body });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    return response.json().access_token as string;
  };
  return {
    platform,
    app,
    host,
    blueprint,
    writes,
    options,
    seed: (input = SMALL) => seedDemoData(host, blueprint, options(input)),
    async tokenWithPrivileges(privileges) {
      const { accessKey, secret } = await createIntegration(platform, privileges);
      return tokenFor({ grant_type: 'client_credentials', client_id: accessKey, client_secret: secret });
    },
    async api(method, url, { token, body } = {}) {
      adminToken ??= await tokenFor({ grant_type: 'password', client_id: 'administration', username: 'admin', password: 'shopware' });
      return app.inject({
        method: method as 'GET',
        url,
        payload: body === undefined ? undefined : (body as object),
        headers: { accept: 'application/json', authorization: `Bearer ${token ?? adminToken}` },
      });
    },
    async close() {
      await app.close();
      await platform.close();
      await drop();
    },
  };
}
