import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Logger } from 'pino';
import { Platform } from '../../src/platform/kernel.js';
import { buildApp } from '../../src/platform/http/app.js';
import type { Extension } from '../../src/platform/extensions.js';
import type { Env } from '../../src/platform/env.js';
import { newId } from '../../src/platform/ids.js';
import { createIntegration as createIntegrationRecord, type NewIntegration } from '../../src/platform/admin-api/auth/integrations.js';
import { openTestDatabase } from './databases.js';
import { createTestExtension, type TestExtensionFixture } from '../fixtures/test-extension.js';
import { testEnv } from './test-env.js';

export interface TestPlatform {
  platform: Platform;
  app: FastifyInstance;
  /** A token of the administrator `admin` (password grant). */
  adminToken(): Promise<string>;
  /** A token of a new integration whose single role holds exactly these privileges. */
  tokenWithPrivileges(privileges: string[]): Promise<string>;
  /** `app.inject` with a bearer token and `Accept: application/json`. */
  api(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestPlatformOptions {
  /**
   * Extensions to run (default: none, the platform alone). Each one installs on boot as on a first
   * start: its migrations, config defaults, custom fields and payment methods.
   */
  extensions?: Extension[];
  env?: Partial<Env>;
  /** The platform's logger (default: one at the env's level); tests that read log lines pass their own. */
  logger?: Logger;
}

/**
 * Boots the platform on a fresh database cloned from the migrated template, with no extensions unless
 * given: platform tests see the platform's own records only. An extension's tests pass it here.
 */
export async function createTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const { handle, drop } = await openTestDatabase(inject('template'));
  const platform = await Platform.boot({
    env: testEnv(options.env),
    extensions: options.extensions ?? [],
    database: handle,
    logger: options.logger,
  });
  const app = await buildApp(platform);
  await app.ready();
  let cachedAdminToken: string | undefined;

  const adminToken = async () => {
    if (cachedAdminToken) return cachedAdminToken;
    const response = await app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'password', client_id: 'administration', username: 'admin', password: 'shopware' },
    });
    if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
    cachedAdminToken = response.json().access_token as string;
    return cachedAdminToken;
  };

  const tokenWithPrivileges = async (privileges: string[]) => {
    const { accessKey, secret } = await createIntegration(platform, privileges);
    const response = await app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: accessKey, client_secret: secret },
    });
    if (response.statusCode !== 200) throw new Error(`integration login failed: ${response.body}`);
    return response.json().access_token as string;
  };

  return {
    platform,
    app,
    adminToken,
    tokenWithPrivileges,
    async api(method, url, { token, body, headers } = {}) {
      return app.inject({
        method: method as 'GET',
        url,
        payload: body === undefined ? undefined : (body as object),
        headers: { accept: 'application/json', authorization: `Bearer ${token ?? (await adminToken())}`, ...headers },
      });
    },
    async close() {
      await app.close();
      await platform.close();
      await drop();
    },
  };
}

/** An integration with one role holding `privileges`; returns its access key and secret. */
export async function createIntegration(platform: Platform, privileges: string[], admin = false): Promise<NewIntegration> {
  return createIntegrationRecord(platform.db, { label: `test integration ${newId()}`, privileges, admin });
}

/**
 * Boots a platform running the test extension before the suite and closes it after; read `t` and
 * `fixture` inside tests (they are set once `beforeAll` has run).
 */
export function useTestPlatformWithExtension(): { readonly t: TestPlatform; readonly fixture: TestExtensionFixture } {
  const state = {} as { t: TestPlatform; fixture: TestExtensionFixture };
  beforeAll(async () => {
    state.fixture = createTestExtension();
    state.t = await createTestPlatform({ extensions: [state.fixture.extension] });
  });
  afterAll(() => state.t.close());
  return state;
}
