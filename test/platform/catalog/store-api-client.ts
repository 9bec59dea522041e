import type { LightMyRequestResponse } from 'fastify';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';

export type StoreApiCall = (method: 'GET' | 'POST', url: string, body?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;

/** Calls the Store API of a sales channel (default: the default storefront) with its access key. */
export async function storeApiClient(t: TestPlatform, salesChannelId = DEFAULT_SALES_CHANNEL_ID): Promise<StoreApiCall> {
  const row = await t.platform.db.selectFrom('sales_channel').select('access_key').where('id', '=', salesChannelId).executeTakeFirstOrThrow();
  return (method, url, body, headers = {}) =>
    t.app.inject({
      method,
      url,
      payload: body === undefined ? undefined : (body as object),
      headers: { accept: 'application/json', 'sw-access-key': row.access_key as string, ...headers },
    });
}
