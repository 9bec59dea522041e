import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CURRENCY_DEFAULT, defaultShopCurrencyId, defaultShopId } from '../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../src/platform/first-start/default-shop.js';
import { chromiumRunnable, releaseSharedChromium, sharedChromium } from '../helpers/chromium.js';
import type { PageWatch } from '../helpers/page-checks.js';
import type { TestPlatform } from '../helpers/test-platform.js';
import { waitFor } from '../helpers/wait-for.js';
import { createProduct, placeStoreApiOrder } from '../platform/checkout/checkout-fixtures.js';
import { createStoreApiClient, GERMANY_ID, type StoreApiClient } from '../platform/store-api/store-api-client.js';
import { checkAndShoot, logInToAdmin, openAdminPage, startAdminTestServer } from './admin-test-server.js';

const runnable = chromiumRunnable('shop-settings-browser.test.ts');
const AUSTRIA_ID = defaultShopId('country', 'AT');
const USD = defaultShopCurrencyId('USD');
/** Major units as the cart answers them, compared in minor units. */
const cents = (amount: number) => Math.round(amount * 100);

/**
 * The Administration's tax, shipping method, number range and country state screens in a real browser (1280 and
 * 768 px): a tax with a rate for Austria is what an Austrian shopper's cart is taxed at; a shipping method priced
 * in EUR and USD is what the cart charges in each; a new order number pattern and start is what the next order
 * gets; a country gains a state. Refused input (a negative rate, an empty name, a pattern without `{n}`) shows
 * the API's violation at its field and writes nothing. axe finds no serious or critical violation.
 */
describe.skipIf(!runnable)('taxes, shipping methods, number ranges and country states in the Administration', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  let browser: Browser;
  let base: string;
  const watches: PageWatch[] = [];

  beforeAll(async () => {
    ({ t, base } = await startAdminTestServer());
    client = await createStoreApiClient(t);
    browser = await sharedChromium();
  }, 120_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await t?.close();
  });

  const newPage = (width: number) => openAdminPage(browser, base, width, watches);
  const logIn = (page: Page) => logInToAdmin(page, base);
  const shot = checkAndShoot;
  const search = async (entity: string, criteria: Record<string, unknown>) => {
    const answer = await t.api('POST', `/api/search/${entity}`, { body: criteria });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as Array<Record<string, any>>;
  };
  const guestIn = async (countryId: string, extra: Record<string, unknown> = {}) => {
    const patched = await client.storeApi('PATCH', '/store-api/context', { body: { countryId, ...extra } });
    expect(patched.statusCode, patched.body).toBe(200);
    return patched.headers['sw-context-token'] as string;
  };
  const cartWith = async (token: string, product: string) => {
    const added = await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 1 }] } });
    expect(added.statusCode, added.body).toBe(200);
    return added.json();
  };

  it('creates a tax with a rate for Austria that an Austrian shopper pays; a negative rate and an empty name are refused at their fields (1280 px)', async () => {
    const page = await newPage(1280);
    await logIn(page);
    await page.goto(`${base}/admin/shop-settings`);
    await page.getByRole('link', { name: /^Taxes/ }).click();
    await page.getByRole('table', { name: 'Taxes' }).waitFor();
    await shot(page, 'shop-settings-taxes-1280');
    const taxesBefore = (await search('tax', {})).length;

    await page.getByRole('link', { name: 'New tax' }).click();
    await page.getByRole('heading', { name: 'New tax' }).waitFor();
    await page.getByLabel(/^Rate \(%\)/).fill('-5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The field "name" must not be null.').waitFor();
    await page.getByText('must be at least 0 and below 100').waitFor();
    expect(await page.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel(/^Rate \(%\)/).getAttribute('aria-invalid')).toBe('true');
    expect(await search('tax', {})).toHaveLength(taxesBefore);
    await shot(page, 'shop-settings-tax-refused-1280');

    await page.getByRole('textbox', { name: /^Name/ }).fill('Books');
    await page.getByLabel(/^Rate \(%\)/).fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/shop-settings\/taxes\/[0-9a-f]{32}$/);
    const taxId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Books' }).waitFor();
    expect(await search('tax', { ids: [taxId] })).toEqual([expect.objectContaining({ name: 'Books', taxRate: 9 })]);

    // a rule for Austria: a negative rate is refused in the dialog, 5 % is stored
    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Country/ }).fill('Austria');
    await page.getByRole('option', { name: 'Austria (AT)' }).click();
    await dialog.getByLabel(/^Rate \(%\)/).fill('-1');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.getByText('must be at least 0 and below 100').waitFor();
    expect(await search('tax-rule', { filter: [{ type: 'equals', field: 'taxId', value: taxId }] })).toHaveLength(0);
    await dialog.getByLabel(/^Rate \(%\)/).fill('5');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Tax rules' }).getByRole('cell', { name: 'Austria', exact: true }).waitFor();
    const rules = await search('tax-rule', { filter: [{ type: 'equals', field: 'taxId', value: taxId }], associations: { type: {} } });
    expect(rules).toEqual([expect.objectContaining({ countryId: AUSTRIA_ID, taxRate: 5, type: expect.objectContaining({ technicalName: 'entire_country' }) })]);
    await shot(page, 'shop-settings-tax-rules-1280');

    // the cart taxes a book at 5 % for a shopper in Austria and at the tax's 9 % in Germany
    const book = await createProduct(t.platform, { gross: 21.8, taxId });
    const austria = await cartWith(await guestIn(AUSTRIA_ID), book);
    expect(austria.lineItems[0].price.calculatedTaxes).toMatchObject([{ taxRate: 5 }]);
    expect(cents(austria.lineItems[0].price.calculatedTaxes[0].tax)).toBe(104);
    const germany = await cartWith(await guestIn(GERMANY_ID), book);
    expect(germany.lineItems[0].price.calculatedTaxes).toMatchObject([{ taxRate: 9 }]);
    expect(cents(germany.lineItems[0].price.calculatedTaxes[0].tax)).toBe(180);

    // a tax a product uses is not deleted: the refusal stands in the dialog
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText(/still referenced by product/).waitFor();
    expect(await search('tax', { ids: [taxId] })).toHaveLength(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    // without the rule Austria pays the tax's own 9 %
    await page.getByRole('button', { name: 'Delete rule for Austria' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No tax rules found').waitFor();
    expect(await search('tax-rule', { filter: [{ type: 'equals', field: 'taxId', value: taxId }] })).toHaveLength(0);
    const withoutRule = await cartWith(await guestIn(AUSTRIA_ID), book);
    expect(withoutRule.lineItems[0].price.calculatedTaxes).toMatchObject([{ taxRate: 9 }]);
  }, 120_000);

  it('creates a shipping method priced in EUR and USD that the cart charges in each; an empty name is refused (768 px)', async () => {
    const page = await newPage(768);
    await logIn(page);
    await page.goto(`${base}/admin/shop-settings`);
    await page.getByRole('link', { name: /^Shipping methods/ }).click();
    await page.getByRole('table', { name: 'Shipping methods' }).getByRole('link', { name: 'Standard' }).waitFor();
    const methodsBefore = (await search('shipping-method', {})).length;

    await page.getByRole('link', { name: 'New shipping method' }).click();
    await page.getByRole('heading', { name: 'New shipping method' }).waitFor();
    await page.getByLabel('Gross (EUR)').fill('9.90');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The field "name" must not be null.').waitFor();
    expect(await page.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(await search('shipping-method', {})).toHaveLength(methodsBefore);

    await page.getByRole('textbox', { name: /^Name/ }).fill('Express');
    await page.getByLabel('Description').fill('Next working day.');
    await page.getByLabel('At least (days)').fill('1');
    await page.getByLabel('At most (days)').fill('2');
    await page.getByRole('textbox', { name: 'Add a currency to Shipping costs' }).click();
    await page.getByRole('option', { name: 'USD', exact: true }).click();
    await page.getByLabel('Gross (USD)').fill('12.50');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/shop-settings\/shipping-methods\/[0-9a-f]{32}$/);
    const methodId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Express' }).waitFor();
    const [stored] = await search('shipping-method', { ids: [methodId] });
    expect(stored).toMatchObject({ name: 'Express', description: 'Next working day.', active: true, deliveryTimeMinDays: 1, deliveryTimeMaxDays: 2, taxId: null });
    expect(stored.price).toHaveLength(2);
    const priceIn = (currencyId: string) => stored.price.find((row: { currencyId: string }) => row.currencyId === currencyId);
    expect(cents(priceIn(CURRENCY_DEFAULT).gross)).toBe(990);
    expect(cents(priceIn(USD).gross)).toBe(1250);
    await page.getByTestId('method-channels').getByText('No sales channel offers this method yet').waitFor();

    // offered by the storefront channel, the cart charges the method's own price in each currency
    const linked = await t.api('PATCH', `/api/sales-channel/${DEFAULT_SALES_CHANNEL_ID}`, { body: { shippingMethods: [{ id: methodId }] } });
    expect(linked.statusCode, linked.body).toBe(204);
    const product = await createProduct(t.platform, { gross: 10 });
    const inEur = await cartWith(await guestIn(GERMANY_ID, { shippingMethodId: methodId }), product);
    expect(inEur.deliveries[0].shippingMethod.id).toBe(methodId);
    expect(cents(inEur.deliveries[0].shippingCosts.totalPrice)).toBe(990);
    expect(cents(inEur.price.totalPrice)).toBe(1990);
    const inUsd = await cartWith(await guestIn(GERMANY_ID, { shippingMethodId: methodId, currencyId: USD }), product);
    expect(cents(inUsd.deliveries[0].shippingCosts.totalPrice)).toBe(1250);

    await page.reload();
    await page.getByTestId('method-channels').getByText('Offered in: Storefront.').waitFor();
    await shot(page, 'shop-settings-shipping-method-768');

    // the list's filter lives in the URL: inactive methods only leaves Express and Standard out
    await page.getByRole('link', { name: 'All shipping methods' }).click();
    await page.getByRole('table', { name: 'Shipping methods' }).getByRole('link', { name: 'Express' }).waitFor();
    await page.getByText('Inactive', { exact: true }).click();
    await page.waitForURL(/active=no/);
    await page.getByText('No shipping methods found').waitFor();
    await shot(page, 'shop-settings-shipping-methods-768');
  }, 120_000);

  it('changes the order number pattern and start, and the next order follows them; a pattern without {n} is refused (768 px)', async () => {
    const page = await newPage(768);
    await logIn(page);
    await page.goto(`${base}/admin/shop-settings`);
    await page.getByRole('link', { name: /^Number ranges/ }).click();
    await page.getByRole('button', { name: 'Edit Orders' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Pattern/ }).fill('ORD-');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('must contain "{n}"').waitFor();
    const orderRange = defaultShopId('number_range', 'order');
    expect(await search('number-range', { ids: [orderRange] })).toEqual([expect.objectContaining({ pattern: '{n}', start: 10000 })]);

    await dialog.getByRole('textbox', { name: /^Pattern/ }).fill('ORD-{n}-W');
    await dialog.getByLabel(/^Start/).fill('50000');
    await dialog.getByTestId('range-example').getByText('ORD-50000-W').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('pattern-order').getByText('ORD-{n}-W').waitFor();
    // the list asks the range for its next number (a preview: the orders below still get 50000 and 50001)
    await page.getByTestId('next-order').getByText('ORD-50000-W').waitFor();
    expect(await search('number-range', { ids: [orderRange] })).toEqual([expect.objectContaining({ pattern: 'ORD-{n}-W', start: 50000 })]);
    await shot(page, 'shop-settings-number-ranges-768');

    const token = await client.registerCustomer();
    const first = await placeStoreApiOrder(t.platform, client, token);
    const second = await placeStoreApiOrder(t.platform, client, token);
    const numbers = await search('order', { ids: [first, second], sort: [{ field: 'orderNumber', order: 'ASC' }] });
    expect(numbers.map((order) => order.orderNumber)).toEqual(['ORD-50000-W', 'ORD-50001-W']);
    await page.reload();
    await page.getByTestId('next-order').getByText('ORD-50002-W').waitFor();
    await page.getByRole('button', { name: 'Edit Orders' }).click();
    await page.getByRole('dialog').getByTestId('range-example').getByText('ORD-50002-W').waitFor();
  }, 120_000);

  it("adds a state to a country, refusing an empty short code, and deactivates it (1280 px)", async () => {
    const page = await newPage(1280);
    await logIn(page);
    await page.goto(`${base}/admin/shop-settings/countries`);
    await page.getByRole('link', { name: 'States of Austria' }).click();
    await page.getByRole('heading', { name: 'States of Austria' }).waitFor();
    await page.getByRole('button', { name: 'New state' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Tirol');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The field "shortCode" must not be null.').waitFor();
    expect(await search('country-state', { filter: [{ type: 'equals', field: 'countryId', value: AUSTRIA_ID }] })).toHaveLength(0);
    await dialog.getByRole('textbox', { name: /^Short code/ }).fill('AT-7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'States' }).getByRole('cell', { name: 'Tirol', exact: true }).waitFor();
    const shopperStates = async () => {
      const answer = await client.storeApi('POST', `/store-api/country-state/${AUSTRIA_ID}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().elements as Array<{ shortCode: string }>).map((state) => state.shortCode);
    };
    expect(await shopperStates()).toEqual(['AT-7']);
    await page.getByRole('button', { name: 'Edit Tirol' }).click();
    await dialog.getByRole('switch', { name: /^Active/ }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitFor(async () => (await search('country-state', { filter: [{ type: 'equals', field: 'countryId', value: AUSTRIA_ID }] }))[0]?.active === false);
    expect(await search('country-state', { filter: [{ type: 'equals', field: 'countryId', value: AUSTRIA_ID }] })).toEqual([expect.objectContaining({ name: 'Tirol', shortCode: 'AT-7', active: false })]);
    // an inactive state is none the shopper may choose
    expect(await shopperStates()).toEqual([]);
    await page.getByRole('table', { name: 'States' }).getByText('Inactive').waitFor();
    await shot(page, 'shop-settings-country-states-1280');

    // the refusals this file provokes are the only failed requests
    const problems = watches.flatMap((watch) => watch.problems).filter((problem) => !/status of 400/.test(problem));
    expect(problems).toEqual([]);
  }, 120_000);
});
