import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../src/platform/ids.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { createProduct, TAX_STANDARD } from '../checkout/checkout-fixtures.js';
import { GERMANY_ID, startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';
import { Browser } from '../storefront/browser.js';
import { submitForm, textOf } from '../storefront/pages/shop-fixtures.js';

const AUSTRIA_ID = defaultShopId('country', 'AT');
const SWITZERLAND_ID = defaultShopId('country', 'CH');
const typeId = (technicalName: string) => defaultShopId('tax_rule_type', technicalName);
const austrianAddress = (zipcode: string) => ({ firstName: 'Ida', lastName: 'Pfeiffer', street: 'Ring 1', zipcode, city: 'Wien', countryId: AUSTRIA_ID });

/**
 * Taxes by country: a product taxed 19 % by default and 7 % by a rule for Austria is priced at the rate
 * of the context's shipping location in the cart, the product pages and the context, gross or net as the
 * customer group shows prices; the rules are entities of the Admin API with Shopware's validation.
 */
describe('tax rules', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  let product: string;
  let countryRule: string;
  beforeAll(async () => {
    ({ t, client } = await startStoreApiTest());
    product = await createProduct(t.platform, { gross: 11.9, taxId: TAX_STANDARD });
    countryRule = newId();
    const created = await t.api('POST', '/api/tax-rule', { body: { id: countryRule, taxId: TAX_STANDARD, countryId: AUSTRIA_ID, taxRuleTypeId: typeId('entire_country'), taxRate: 7 } });
    expect(created.statusCode).toBe(204);
  });
  afterAll(() => t.close());

  const cartWith = async (token: string) => {
    const added = await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 2 }] } });
    expect(added.statusCode).toBe(200);
    return added.json();
  };
  const cartOf = async (token: string) => (await client.storeApi('GET', '/store-api/checkout/cart', { token })).json();
  const guestIn = async (countryId: string) => {
    const patched = await client.storeApi('PATCH', '/store-api/context', { body: { countryId } });
    expect(patched.statusCode).toBe(200);
    return patched.headers['sw-context-token'] as string;
  };

  it('prices a cart of a context in Austria at 7 % (positions and shipping), in Germany at 19 %', async () => {
    const austria = await cartWith(await guestIn(AUSTRIA_ID));
    expect(austria.lineItems[0].price).toMatchObject({ unitPrice: 11.9, totalPrice: 23.8, calculatedTaxes: [{ taxRate: 7, tax: 1.56, price: 23.8 }] });
    // the standard shipping method has no tax of its own: the cart's highest rate, here Austria's 7 %
    expect(austria.deliveries[0].shippingCosts.calculatedTaxes).toMatchObject([{ taxRate: 7, tax: 0.33, price: 4.99 }]);
    expect(austria.price).toMatchObject({ totalPrice: 28.79, positionPrice: 23.8, netPrice: 26.9, calculatedTaxes: [{ taxRate: 7, tax: 1.89, price: 28.79 }], taxStatus: 'gross' });

    const germany = await cartWith(await guestIn(GERMANY_ID));
    expect(germany.price).toMatchObject({ totalPrice: 28.79, netPrice: 24.19, calculatedTaxes: [{ taxRate: 19, tax: 4.6, price: 28.79 }] });
  });

  it('shows the rate of the shipping country on the product detail, the listing and the context', async () => {
    const token = await guestIn(AUSTRIA_ID);
    const detail = (await client.storeApi('POST', `/store-api/product/${product}`, { token })).json();
    expect(detail.product.calculatedPrice).toMatchObject({ unitPrice: 11.9, calculatedTaxes: [{ taxRate: 7, tax: 0.78, price: 11.9 }] });
    const listing = (await client.storeApi('POST', '/store-api/product', { token, body: { ids: [product] } })).json();
    expect(listing.elements[0].calculatedPrice.calculatedTaxes).toMatchObject([{ taxRate: 7, tax: 0.78, price: 11.9 }]);
    const german = (await client.storeApi('POST', `/store-api/product/${product}`)).json();
    expect(german.product.calculatedPrice.calculatedTaxes).toMatchObject([{ taxRate: 19, tax: 1.9, price: 11.9 }]);

    const context = (await client.storeApi('GET', '/store-api/context', { token })).json();
    expect(context.shippingLocation.country).toMatchObject({ id: AUSTRIA_ID, iso: 'AT' });
    expect(context).toMatchObject({ taxState: 'gross', context: { taxState: 'gross' } });
  });

  it('charges a customer the rate of the country their shipping address moved to on the next calculation', async () => {
    const token = await client.registerCustomer();
    expect((await cartWith(token)).price.calculatedTaxes).toMatchObject([{ taxRate: 19, tax: 4.6, price: 28.79 }]);
    const address = await client.storeApi('POST', '/store-api/account/address', { token, body: austrianAddress('4020') });
    expect(address.statusCode).toBe(200);
    expect((await client.storeApi('PATCH', `/store-api/account/address/default-shipping/${address.json().id}`, { token })).statusCode).toBe(204);
    expect((await cartOf(token)).price.calculatedTaxes).toMatchObject([{ taxRate: 7, tax: 1.89, price: 28.79 }]);
  });

  it('lets a zip code range rule win over the country rule for addresses inside the range', async () => {
    const range = await t.api('POST', '/api/tax-rule?_response=1', {
      body: { taxId: TAX_STANDARD, countryId: AUSTRIA_ID, taxRuleTypeId: typeId('zip_code_range'), taxRate: 10, data: { fromZipCode: '1000', toZipCode: '1999' } },
    });
    expect(range.statusCode).toBe(200);
    const inside = await client.registerCustomer({ billingAddress: austrianAddress('1010') });
    expect((await cartWith(inside)).lineItems[0].price.calculatedTaxes).toMatchObject([{ taxRate: 10, tax: 2.16, price: 23.8 }]);
    const outside = await client.registerCustomer({ billingAddress: austrianAddress('8010') });
    expect((await cartWith(outside)).lineItems[0].price.calculatedTaxes).toMatchObject([{ taxRate: 7, tax: 1.56, price: 23.8 }]);
    expect((await t.api('DELETE', `/api/tax-rule/${range.json().data.id}`)).statusCode).toBe(204);
    expect((await cartOf(inside)).lineItems[0].price.calculatedTaxes).toMatchObject([{ taxRate: 7, tax: 1.56, price: 23.8 }]);
  });

  it('applies a state rule to a guest who chose that state', async () => {
    const tirol = newId();
    await t.platform.db.insertInto('country_state').values({ id: tirol, country_id: AUSTRIA_ID, short_code: 'AT-7', name: 'Tirol' }).execute();
    expect((await t.api('POST', '/api/tax-rule', { body: { taxId: TAX_STANDARD, countryId: AUSTRIA_ID, taxRuleTypeId: typeId('individual_states'), taxRate: 13, data: { states: [tirol] } } })).statusCode).toBe(204);
    const token = await guestIn(AUSTRIA_ID);
    expect((await client.storeApi('PATCH', '/store-api/context', { token, body: { countryStateId: tirol } })).statusCode).toBe(200);
    expect((await cartWith(token)).lineItems[0].price.calculatedTaxes).toMatchObject([{ taxRate: 13, tax: 2.74, price: 23.8 }]);
    expect((await client.storeApi('GET', '/store-api/context', { token })).json().shippingLocation.state).toMatchObject({ id: tirol, shortCode: 'AT-7' });
    // a German state is no state of Austria
    const foreign = await client.storeApi('PATCH', '/store-api/context', { token, body: { countryStateId: defaultShopId('country_state', 'DE-BE') } });
    expect(foreign.statusCode).toBe(400);
  });

  it('shows a customer of a net group net prices with the tax on top, at the rate of their country', async () => {
    const group = await t.api('POST', '/api/customer-group?_response=1', { body: { name: 'Resellers', displayGross: false } });
    const { token, customer } = await client.registerCustomerAccount();
    expect((await t.api('PATCH', `/api/customer/${customer.id}`, { body: { groupId: group.json().data.id } })).statusCode).toBe(204);
    const context = (await client.storeApi('GET', '/store-api/context', { token })).json();
    expect(context).toMatchObject({ taxState: 'net', context: { taxState: 'net' }, currentCustomerGroup: { displayGross: false } });
    // 11.90 gross at the tax's own 19 % is 10.00 net
    const listing = (await client.storeApi('POST', '/store-api/product', { token, body: { ids: [product] } })).json();
    expect(listing.elements[0].calculatedPrice).toMatchObject({ unitPrice: 10, totalPrice: 10, calculatedTaxes: [{ taxRate: 19, tax: 1.9, price: 10 }] });
    const cart = await cartWith(token);
    // shipping 4.99 gross is 4.19 net at the cart's highest rate, 19 %
    expect(cart.price).toMatchObject({ positionPrice: 20, netPrice: 24.19, totalPrice: 28.79, taxStatus: 'net', calculatedTaxes: [{ taxRate: 19, tax: 4.6, price: 24.19 }] });

    const address = await client.storeApi('POST', '/store-api/account/address', { token, body: austrianAddress('4020') });
    await client.storeApi('PATCH', `/store-api/account/address/default-shipping/${address.json().id}`, { token });
    const detail = (await client.storeApi('POST', `/store-api/product/${product}`, { token })).json();
    expect(detail.product.calculatedPrice).toMatchObject({ unitPrice: 10, calculatedTaxes: [{ taxRate: 7, tax: 0.7, price: 10 }] });
    // 4.99 gross shipping is 4.66 net at 7 %, 0.33 tax; positions 20.00 with 1.40 tax
    expect((await cartOf(token)).price).toMatchObject({ positionPrice: 20, netPrice: 24.66, totalPrice: 26.39, calculatedTaxes: [{ taxRate: 7, tax: 1.73, price: 24.66 }] });
    const placed = await client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });
    expect(placed.statusCode).toBe(200);
    const order = await t.platform.db.selectFrom('order').select(['amount_total', 'amount_net', 'position_price', 'tax_status']).where('id', '=', placed.json().id).executeTakeFirstOrThrow();
    expect({ ...order, amount_total: Number(order.amount_total), amount_net: Number(order.amount_net), position_price: Number(order.position_price) }).toEqual({ amount_total: 26.39, amount_net: 24.66, position_price: 20, tax_status: 'net' });
  });

  it('shows the storefront net prices with the tax on top when the channel\'s group shows net prices', async () => {
    const standardGroup = defaultShopId('customer_group', 'standard');
    expect((await t.api('PATCH', `/api/customer-group/${standardGroup}`, { body: { displayGross: false } })).statusCode).toBe(204);
    try {
      const browser = new Browser(t.app);
      const page = await browser.get(`/detail/${product}`);
      expect(page.body).toContain('<p class="price price-large" id="product-price">€10.00</p>');
      expect(textOf(page.body)).toContain('Prices excl. VAT, plus shipping.');
      expect((await submitForm(browser, `/detail/${product}`, '/checkout/line-item/add', { productId: product, quantity: '2' })).statusCode).toBe(302);
      const cart = textOf((await browser.get('/checkout/cart')).body);
      expect(cart).toContain('Subtotal €20.00');
      expect(cart).toContain('Shipping (Standard) €4.19');
      expect(cart).toContain('Total €28.79');
      expect(cart).toContain('Plus 19% tax €4.60');
    } finally {
      await t.api('PATCH', `/api/customer-group/${standardGroup}`, { body: { displayGross: true } });
    }
  });

  it('reads, searches, updates and deletes rules through the Admin API', async () => {
    const read = await t.api('GET', `/api/tax-rule/${countryRule}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: countryRule, taxId: TAX_STANDARD, countryId: AUSTRIA_ID, taxRate: 7, data: null, activeFrom: null });
    const search = await t.api('POST', '/api/search/tax-rule', { body: { filter: [{ type: 'equals', field: 'countryId', value: AUSTRIA_ID }], associations: { type: {} } } });
    expect(search.json().data.map((rule: { type: { technicalName: string } }) => rule.type.technicalName)).toContain('entire_country');
    const swiss = newId();
    expect((await t.api('POST', '/api/tax-rule', { body: { id: swiss, taxId: TAX_STANDARD, countryId: SWITZERLAND_ID, taxRuleTypeId: typeId('entire_country'), taxRate: 8.1 } })).statusCode).toBe(204);
    expect((await t.api('PATCH', `/api/tax-rule/${swiss}`, { body: { taxRate: 2.6 } })).statusCode).toBe(204);
    const row = await t.platform.db.selectFrom('tax_rule').select(['tax_rate']).where('id', '=', swiss).executeTakeFirstOrThrow();
    expect(String(row.tax_rate)).toBe('2.600');
    expect((await t.api('DELETE', `/api/tax-rule/${swiss}`)).statusCode).toBe(204);
    expect((await t.api('GET', `/api/tax-rule/${swiss}`)).statusCode).toBe(404);
    const types = (await t.api('GET', '/api/tax-rule-type')).json().data.map((type: { technicalName: string }) => type.technicalName);
    expect(types).toEqual(['zip_code', 'zip_code_range', 'individual_states', 'entire_country']);
  });

  it('refuses bad rules with write violations at their pointers and writes nothing', async () => {
    const before = await t.platform.db.selectFrom('tax_rule').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const post = (body: Record<string, unknown>) => t.api('POST', '/api/tax-rule', { body: { taxId: TAX_STANDARD, countryId: AUSTRIA_ID, taxRuleTypeId: typeId('entire_country'), taxRate: 7, ...body } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ taxRate: 100 }, '/taxRate'],
      [{ taxRate: -1 }, '/taxRate'],
      [{ countryId: newId() }, '/countryId'],
      [{ taxRuleTypeId: newId() }, '/taxRuleTypeId'],
      [{ data: { zipCode: 1010 } }, '/data'],
      [{ taxRuleTypeId: typeId('zip_code') }, '/data'],
      [{ taxRuleTypeId: typeId('zip_code_range'), data: { fromZipCode: '1000' } }, '/data'],
      [{ taxRuleTypeId: typeId('individual_states'), data: { states: [defaultShopId('country_state', 'DE-BE')] } }, '/data'],
    ];
    for (const [body, pointer] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0], JSON.stringify(body)).toMatchObject({ status: '400', code: 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION', source: { pointer } });
    }
    // a valid rule changed into a type its data does not fit is refused the same way
    expect((await t.api('PATCH', `/api/tax-rule/${countryRule}`, { body: { taxRuleTypeId: typeId('zip_code') } })).statusCode).toBe(400);
    const after = await t.platform.db.selectFrom('tax_rule').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await t.api('GET', `/api/tax-rule/${countryRule}`)).json().data.taxRuleTypeId).toBe(typeId('entire_country'));
  });
});
