import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { defaultShopId } from '../../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../../src/platform/ids.js';
import type { Platform } from '../../../../src/platform/kernel.js';
import { eur, insertCategory, insertProduct, type CategoryInput } from '../../catalog/catalog-fixtures.js';
import { Browser } from '../browser.js';

// payment methods of the storefront's tests come from the checkout's fixtures
export { INVOICE_METHOD_ID, createPaymentMethod } from '../../checkout/checkout-fixtures.js';

export const HOME_CATEGORY_ID = defaultShopId('category', 'home');
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

/** A product (the catalog's fixture row) with the shop's defaults: EUR price, 19 % tax, visible in the default sales channel, below Home. */
export function createShopProduct(platform: Platform, options: ShopProductOptions = {}): Promise<string> {
  const visibility = options.visibility === undefined ? 30 : options.visibility;
  return insertProduct(platform.db, {
    productNumber: `SF-${newId().slice(0, 10)}`,
    name: options.name,
    description: options.description,
    active: options.active,
    price: eur(options.gross ?? 19.99),
    stock: options.stock ?? 50,
    isCloseout: options.isCloseout,
    visibilities: visibility === null ? [] : [{ visibility }],
    categoryIds: options.categoryIds ?? [HOME_CATEGORY_ID],
  });
}

/** A page category below `parentId` (default: the navigation category Home). */
export function createCategory(platform: Platform, name: string, parentId = HOME_CATEGORY_ID, extra: Omit<CategoryInput, 'name' | 'parentId'> = {}): Promise<string> {
  return insertCategory(platform.db, { name, parentId, type: 'page', ...extra });
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
