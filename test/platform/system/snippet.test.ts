import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultShopId, LANGUAGE_SYSTEM } from '../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../src/platform/ids.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';

const DEFAULT_SET = defaultShopId('snippet_set', 'en-GB');

/** `GET /store-api/snippet`: the system language's snippet set, as shop staff keep it through the Admin API. */
describe('snippets', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => {
    ({ t, client } = await startStoreApiTest());
  });
  afterAll(() => t.close());

  const snippets = async (query = '', headers: Record<string, string> = {}) => client.storeApi('GET', `/store-api/snippet${query}`, { headers });
  const write = (translationKey: string, value: string) => t.api('POST', '/api/snippet?_response=1', { body: { setId: DEFAULT_SET, translationKey, value, author: 'user/admin' } });

  it('answers the default set of the system language, empty until staff write snippets', async () => {
    const response = await snippets();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      apiAlias: 'snippet_set_result_list',
      sets: [{ apiAlias: 'snippet_set_result', languageId: LANGUAGE_SYSTEM, locale: 'en-GB', fallbackLocale: null, snippetSetId: DEFAULT_SET, hash: expect.any(String), snippets: {} }],
    });
    const set = (await t.api('GET', `/api/snippet-set/${DEFAULT_SET}`)).json().data;
    expect(set).toMatchObject({ name: 'BASE en-GB', baseFile: 'messages.en-GB', iso: 'en-GB' });
  });

  it('shows what the Admin API writes, limited to whole-segment prefixes, and revalidates by ETag', async () => {
    for (const [key, value] of [['checkout.cart.title', 'Your cart'], ['checkout.confirm.title', 'Confirm'], ['checkoutConfirm.title', 'Not checkout'], ['account.login.title', 'Log in']]) {
      expect((await write(key!, value!)).statusCode).toBe(200);
    }
    const all = await snippets();
    expect(all.json().sets[0].snippets).toEqual({ 'account.login.title': 'Log in', 'checkout.cart.title': 'Your cart', 'checkout.confirm.title': 'Confirm', 'checkoutConfirm.title': 'Not checkout' });
    const limited = await snippets('?prefixes=checkout,account.login.');
    expect(Object.keys(limited.json().sets[0].snippets)).toEqual(['account.login.title', 'checkout.cart.title', 'checkout.confirm.title']);

    const etag = all.headers.etag as string;
    expect(etag).toBe(`"${all.json().sets[0].hash}"`);
    const unchanged = await snippets('', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const id = (await t.api('POST', '/api/search/snippet', { body: { filter: [{ type: 'equals', field: 'translationKey', value: 'checkout.cart.title' }] } })).json().data[0].id;
    expect((await t.api('PATCH', `/api/snippet/${id}`, { body: { value: 'Shopping cart' } })).statusCode).toBe(204);
    const changed = await snippets('', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().sets[0].snippets['checkout.cart.title']).toBe('Shopping cart');
  });

  it('refuses foreign languages, too many prefixes and bad writes', async () => {
    const foreign = await snippets(`?languageIds=${LANGUAGE_SYSTEM},${newId()}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__INVALID_REQUEST_PARAMETER', source: { pointer: '/languageIds' } });
    const many = await snippets(`?prefixes=${Array.from({ length: 51 }, (_, i) => `p${i}`).join(',')}`);
    expect(many.statusCode).toBe(400);
    expect((await snippets(`?languageIds=${LANGUAGE_SYSTEM}`)).statusCode).toBe(200);

    const duplicate = await write('account.login.title', 'Again');
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors[0].code).toBe('FRAMEWORK__WRITE_CONSTRAINT_VIOLATION');
    const badSet = await t.api('POST', '/api/snippet-set', { body: { name: 'Broken', baseFile: 'messages.xx', iso: 'english' } });
    expect(badSet.statusCode).toBe(400);
    expect(badSet.json().errors[0].source.pointer).toBe('/iso');
    const missing = await t.api('POST', '/api/snippet', { body: { setId: newId(), translationKey: 'a.b', value: 'x', author: 'user/admin' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].source.pointer).toBe('/setId');
  });
});
