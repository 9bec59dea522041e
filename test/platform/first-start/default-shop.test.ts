import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { DEFAULT_SALES_CHANNEL_ID, ensureDefaultShop } from '../../../src/platform/first-start/default-shop.js';
import { CURRENCY_DEFAULT, LANGUAGE_SYSTEM } from '../../../src/platform/first-start/default-ids.js';
import { SALES_CHANNEL_TYPE_STOREFRONT } from '../../../src/platform/sales-channel/entities.js';

describe('first start: the default shop', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    // the template database was first started with the test APP_URL
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  it('creates a storefront sales channel named "Storefront" with a domain on APP_URL', async () => {
    const response = await t.api('POST', '/api/search/sales-channel', {
      body: { ids: [DEFAULT_SALES_CHANNEL_ID], associations: { domains: {}, currencies: {}, paymentMethods: {}, shippingMethods: {}, countries: {}, languages: {}, navigationCategory: {} } },
    });
    expect(response.statusCode).toBe(200);
    const channel = response.json().data[0];
    expect(channel).toMatchObject({ name: 'Storefront', typeId: SALES_CHANNEL_TYPE_STOREFRONT, languageId: LANGUAGE_SYSTEM, currencyId: CURRENCY_DEFAULT });
    expect(channel.accessKey).toMatch(/^SWSC[A-Z0-9]{22}$/);
    expect(channel.domains.map((d: { url: string }) => d.url)).toEqual([t.platform.env.appUrl]);
    expect(channel.navigationCategory).toMatchObject({ name: 'Home', type: 'page', active: true });
    expect(channel.languages.map((l: { id: string }) => l.id)).toEqual([LANGUAGE_SYSTEM]);
    expect((channel.paymentMethods as Array<{ technicalName: string }>).map((p) => p.technicalName).sort()).toEqual(['payment_cashpayment', 'payment_invoicepayment']);
    expect(channel.shippingMethods).toHaveLength(1);
    expect(channel.countries.length).toBeGreaterThanOrEqual(10);
    expect(channel.currencies).toHaveLength(9);
  });

  it('creates the currencies the gateways need, with their minor-unit decimals', async () => {
    const response = await t.api('GET', '/api/currency?limit=50');
    const decimals = Object.fromEntries(response.json().data.map((c: { isoCode: string; decimals: number }) => [c.isoCode, c.decimals]));
    expect(decimals).toEqual({ EUR: 2, USD: 2, NGN: 2, GHS: 2, KES: 2, ZAR: 2, RWF: 0, UGX: 0, KWD: 3 });
  });

  it('creates a standard tax, a customer group, number ranges and the payment methods usable without a gateway', async () => {
    const taxes = (await t.api('GET', '/api/tax')).json().data.map((x: { taxRate: number }) => x.taxRate);
    expect(taxes).toContain(19);
    expect((await t.api('GET', '/api/customer-group')).json().data).toHaveLength(1);
    const ranges = (await t.api('GET', '/api/number-range')).json().data.map((r: { technicalName: string }) => r.technicalName).sort();
    expect(ranges).toEqual(['customer', 'order']);
    const methods = (await t.api('GET', '/api/payment-method')).json().data as Array<{ technicalName: string; handlerIdentifier: string; active: boolean }>;
    expect(methods.map((m) => m.handlerIdentifier).sort()).toEqual(['cash_on_delivery', 'invoice']);
    expect(methods.every((m: { active: boolean }) => m.active)).toBe(true);
  });

  it('runs once: a later start neither duplicates records nor brings back deleted ones', async () => {
    const invoice = (await t.api('GET', '/api/payment-method?filter[technicalName]=payment_cashpayment')).json().data[0];
    expect((await t.api('DELETE', `/api/payment-method/${invoice.id}`)).statusCode).toBe(204);
    await ensureDefaultShop(t.platform);
    const methods = (await t.api('GET', '/api/payment-method')).json().data as Array<{ technicalName: string }>;
    expect(methods.map((m) => m.technicalName)).toEqual(['payment_invoicepayment']);
    const channels = await t.platform.db.selectFrom('sales_channel').select('id').execute();
    expect(channels).toHaveLength(1);
  });
});
