import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { systemContext } from '../../../../src/platform/acl/context.js';
import { transaction } from '../../../../src/platform/database/transaction.js';
import { CURRENCY_DEFAULT, defaultShopId } from '../../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../../src/platform/ids.js';
import type { Platform } from '../../../../src/platform/kernel.js';
import type { PaymentHandler } from '../../../../src/platform/checkout/payment/payment-handler.js';
import { Browser } from '../browser.js';

export const HOME_CATEGORY_ID = defaultShopId('category', 'home');
export const TAX_STANDARD_ID = defaultShopId('tax', 'standard');
export const INVOICE_METHOD_ID = defaultShopId('payment_method', 'payment_invoicepayment');
export const CASH_METHOD_ID = defaultShopId('payment_method', 'payment_cashpayment');
export const GERMANY_ID = defaultShopId('country', 'DE');

export interface ShopProductOptions {
  name?: string;
  /** Gross EUR price in major units. */
  gross?: number;
  stock?: number;
  isCloseout?: boolean;
  active?: boolean;
  /** Visibility in the default sales channel; null for none. */
  visibility?: 10 | 20 | 30 | null;
  categoryIds?: string[];
  description?: string;
}

/** A product created through the repository: EUR price, 19 % tax, visible in the default sales channel. */
export async function createShopProduct(platform: Platform, options: ShopProductOptions = {}): Promise<string> {
  const id = newId();
  const gross = options.gross ?? 19.99;
  await transaction(platform.db, async (uow) => {
    await platform.repositories.get('product').create(
      {
        id,
        productNumber: `SF-${id.slice(0, 10)}`,
        name: options.name ?? `Product ${id.slice(0, 6)}`,
        description: options.description ?? null,
        active: options.active ?? true,
        taxId: TAX_STANDARD_ID,
        price: [{ currencyId: CURRENCY_DEFAULT, gross, net: gross, linked: true }],
        stock: options.stock ?? 50,
        isCloseout: options.isCloseout ?? false,
        categories: (options.categoryIds ?? [HOME_CATEGORY_ID]).map((categoryId) => ({ id: categoryId })),
      },
      systemContext,
      uow,
    );
    const visibility = options.visibility === undefined ? 30 : options.visibility;
    if (visibility !== null) {
      await platform.repositories.get('product_visibility').create({ productId: id, salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility }, systemContext, uow);
    }
  });
  return id;
}

/** A page category below `parentId` (default: the navigation category Home). */
export async function createCategory(platform: Platform, name: string, parentId = HOME_CATEGORY_ID, extra: Record<string, unknown> = {}): Promise<string> {
  const id = newId();
  await transaction(platform.db, (uow) => platform.repositories.get('category').create({ id, name, parentId, type: 'page', ...extra }, systemContext, uow));
  return id;
}

/** A payment method of the default sales channel handled by `handler` under a fresh identifier. */
export async function createPaymentMethod(platform: Platform, name: string, handler: PaymentHandler): Promise<string> {
  const id = newId();
  const identifier = `storefront_test_${id.slice(0, 8)}`;
  platform.payments.register({ identifier, handler });
  await transaction(platform.db, async (uow) => {
    await platform.repositories
      .get('payment_method')
      .create({ id, technicalName: `payment_${identifier}`, name, handlerIdentifier: identifier, active: true, position: 10 }, systemContext, uow);
    await uow.db.insertInto('sales_channel_payment_method').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, payment_method_id: id }).execute();
  });
  return id;
}

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  street: string;
  zipcode: string;
  city: string;
  countryId: string;
}

export function registration(overrides: Partial<Registration> = {}): Registration {
  const tag = newId().slice(0, 8);
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace-${tag}@example.com`,
    password: 'correct horse battery',
    street: 'Main Street 1',
    zipcode: '10115',
    city: 'Berlin',
    countryId: GERMANY_ID,
    ...overrides,
  };
}

/** Posts a form the way a browser does: the CSRF token of the page the form is on. */
export async function submitForm(browser: Browser, pageUrl: string, action: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  const page = await browser.get(pageUrl);
  expect(page.statusCode).toBe(200);
  return browser.request('POST', action, { form: { _csrf_token: Browser.csrfTokenOf(page), ...fields } });
}

/** Registers through the storefront's form; the browser is logged in afterwards. */
export async function registerThroughForm(browser: Browser, data: Registration = registration()): Promise<Registration> {
  const response = await submitForm(browser, '/account/register', '/account/register', { ...data });
  expect(response.statusCode, response.body).toBe(302);
  return data;
}

/** The text content of an HTML fragment with tags removed and whitespace collapsed, for readable assertions. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The path and query of a URL, absolute or not: what to ask `app.inject` for. */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://shop.invalid');
  return parsed.pathname + parsed.search;
}

/** The path and query of a redirect's Location (absolute URLs on the shop's origin included). */
export function locationPath(response: LightMyRequestResponse): string {
  return pathOf(String(response.headers.location ?? ''));
}
