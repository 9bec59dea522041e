import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { CURRENCY_DEFAULT, LANGUAGE_SYSTEM } from '../../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../../src/platform/ids.js';
import { SALES_CHANNEL_TYPE_API } from '../../../../src/platform/sales-channel/entities.js';
import { ShopContexts } from '../../../../src/platform/storefront/pages/shop-context.js';
import { insertSalesChannel } from '../../catalog/catalog-fixtures.js';
import { HOME_CATEGORY_ID } from './shop-fixtures.js';

/**
 * Which sales channel a storefront request is for, and the origin its payment return URLs use: the
 * active storefront channel with a domain on the request's origin, else the default channel on
 * APP_URL (http://localhost:8000 in tests). A Host header nobody configured never becomes a URL.
 */
let t: TestPlatform;
let otherChannelId: string;
let headlessChannelId: string;

/** What ShopContexts reads of a request: a fresh object per call, as every request is. */
const requestTo = (origin: string): FastifyRequest => {
  const url = new URL(origin);
  return { protocol: url.protocol.slice(0, -1), host: url.host } as unknown as FastifyRequest;
};

async function addDomain(salesChannelId: string, url: string): Promise<void> {
  await t.platform.db
    .insertInto('sales_channel_domain')
    .values({ id: newId(), sales_channel_id: salesChannelId, url, language_id: LANGUAGE_SYSTEM, currency_id: CURRENCY_DEFAULT })
    .execute();
}

const setActive = (salesChannelId: string, active: boolean) => t.platform.db.updateTable('sales_channel').set({ active }).where('id', '=', salesChannelId).execute();

beforeAll(async () => {
  t = await createTestPlatform();
  ({ id: otherChannelId } = await insertSalesChannel(t.platform.db, HOME_CATEGORY_ID));
  await addDomain(otherChannelId, 'https://shop-b.example');
  ({ id: headlessChannelId } = await insertSalesChannel(t.platform.db, HOME_CATEGORY_ID));
  await t.platform.db.updateTable('sales_channel').set({ type_id: SALES_CHANNEL_TYPE_API }).where('id', '=', headlessChannelId).execute();
  await addDomain(headlessChannelId, 'https://headless.example');
});

afterAll(async () => {
  await t?.close();
});

describe('the sales channel of a storefront request', () => {
  it('is the storefront channel with a domain on the request origin, and return URLs use that origin', async () => {
    const contexts = new ShopContexts(t.platform);
    const other = await contexts.channelOf(requestTo('https://shop-b.example'));
    expect(other.salesChannel.id).toBe(otherChannelId);
    expect(other.origin).toBe('https://shop-b.example');
    // the whole channel record, read with its domains: the same the Store API context holds
    expect(other.salesChannel).toEqual(await t.platform.salesChannelContexts.salesChannelById(otherChannelId));

    const own = await contexts.channelOf(requestTo('http://localhost:8000'));
    expect(own.salesChannel.id).toBe(DEFAULT_SALES_CHANNEL_ID);
    expect(own.origin).toBe('http://localhost:8000');
  });

  it('is the default channel on APP_URL for an unknown host, another scheme or a headless channel domain', async () => {
    const contexts = new ShopContexts(t.platform);
    for (const origin of ['http://evil.example', 'http://shop-b.example', 'https://headless.example']) {
      const channel = await contexts.channelOf(requestTo(origin));
      expect(channel.salesChannel.id, origin).toBe(DEFAULT_SALES_CHANNEL_ID);
      expect(channel.origin, origin).toBe('http://localhost:8000');
    }
  });

  it('skips the domains of a deactivated channel; a deactivated default channel closes the shop on every other origin', async () => {
    const contexts = new ShopContexts(t.platform);
    await setActive(otherChannelId, false);
    try {
      const channel = await contexts.channelOf(requestTo('https://shop-b.example'));
      expect(channel.salesChannel.id).toBe(DEFAULT_SALES_CHANNEL_ID);
      expect(channel.origin).toBe('http://localhost:8000');
    } finally {
      await setActive(otherChannelId, true);
    }

    await setActive(DEFAULT_SALES_CHANNEL_ID, false);
    try {
      await expect(contexts.channelOf(requestTo('http://localhost:8000'))).rejects.toMatchObject({ status: 503, code: 'STOREFRONT__SALES_CHANNEL_NOT_FOUND' });
      await expect(contexts.channelOf(requestTo('http://evil.example'))).rejects.toMatchObject({ status: 503 });
      expect((await contexts.channelOf(requestTo('https://shop-b.example'))).salesChannel.id).toBe(otherChannelId);
    } finally {
      await setActive(DEFAULT_SALES_CHANNEL_ID, true);
    }
  });
});
