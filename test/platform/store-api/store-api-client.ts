import type { LightMyRequestResponse } from 'fastify';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../src/platform/ids.js';

export interface StoreApiRequestOptions {
  /** Sent as `sw-context-token`. */
  token?: string;
  body?: unknown;
  /** Extra headers; they override the defaults. */
  headers?: Record<string, string>;
  /** Another sales channel's access key; `null` sends no `sw-access-key` at all. */
  accessKey?: string | null;
}

/** What `registerCustomer` sends; every field has a working default (a fresh e-mail address each time). */
export interface RegistrationOverrides {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  guest?: boolean;
  billingAddress?: Record<string, unknown>;
  shippingAddress?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface RegisteredTestCustomer {
  /** The logged-in context token returned by the registration. */
  token: string;
  /** The customer JSON the route returned. */
  customer: Record<string, unknown> & { id: string; customerNumber: string };
  email: string;
  password: string;
}

export interface StoreApiClient {
  /** The `sw-access-key` of the sales channel (read from the database). */
  accessKey: string;
  salesChannelId: string;
  /** `app.inject` on the Store API with `sw-access-key`, `accept: application/json` and the optional context token. */
  storeApi(method: string, url: string, options?: StoreApiRequestOptions): Promise<LightMyRequestResponse>;
  /** Registers a customer (defaults: a new e-mail, password `correct-horse-9`, a German billing address); returns the context token. */
  registerCustomer(overrides?: RegistrationOverrides): Promise<string>;
  /** Like registerCustomer, with the customer JSON and credentials. */
  registerCustomerAccount(overrides?: RegistrationOverrides): Promise<RegisteredTestCustomer>;
  /** Logs in; returns the new context token. Throws unless 200. */
  login(email: string, password: string, token?: string): Promise<string>;
}

export const DEFAULT_TEST_PASSWORD = 'correct-horse-9';
export const GERMANY_ID = defaultShopId('country', 'DE');

/** A Store API client of the default sales channel (or of `salesChannelId`). */
export async function createStoreApiClient(t: TestPlatform, salesChannelId: string = DEFAULT_SALES_CHANNEL_ID): Promise<StoreApiClient> {
  const row = await t.platform.db.selectFrom('sales_channel').select('access_key').where('id', '=', salesChannelId).executeTakeFirstOrThrow();
  const accessKey = row.access_key as string;

  const storeApi: StoreApiClient['storeApi'] = (method, url, options = {}) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    const key = options.accessKey === undefined ? accessKey : options.accessKey;
    if (key !== null) headers['sw-access-key'] = key;
    if (options.token) headers['sw-context-token'] = options.token;
    return t.app.inject({
      method: method as 'GET',
      url,
      payload: options.body === undefined ? undefined : (options.body as object),
      headers: { ...headers, ...options.headers },
    });
  };

  const registerCustomerAccount = async (overrides: RegistrationOverrides = {}): Promise<RegisteredTestCustomer> => {
    const email = overrides.email ?? `customer-${newId().slice(0, 12)}@example.com`;
    const password = overrides.password ?? DEFAULT_TEST_PASSWORD;
    const body = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      billingAddress: { street: 'Hauptstraße 1', zipcode: '10115', city: 'Berlin', countryId: GERMANY_ID },
      ...overrides,
      email,
      password,
    };
    const response = await storeApi('POST', '/store-api/account/register', { body });
    if (response.statusCode !== 200) throw new Error(`registration failed (${response.statusCode}): ${response.body}`);
    const token = response.headers['sw-context-token'];
    if (typeof token !== 'string') throw new Error('registration returned no sw-context-token header');
    return { token, customer: response.json(), email, password };
  };

  return {
    accessKey,
    salesChannelId,
    storeApi,
    registerCustomerAccount,
    async registerCustomer(overrides) {
      return (await registerCustomerAccount(overrides)).token;
    },
    async login(email, password, token) {
      const response = await storeApi('POST', '/store-api/account/login', { body: { email, password }, token });
      if (response.statusCode !== 200) throw new Error(`login failed (${response.statusCode}): ${response.body}`);
      return response.json().contextToken as string;
    },
  };
}

/** A fresh platform and a Store API client of its default sales channel, for a suite's `beforeAll`. */
export async function startStoreApiTest(): Promise<{ t: TestPlatform; client: StoreApiClient }> {
  const t = await createTestPlatform();
  return { t, client: await createStoreApiClient(t) };
}
