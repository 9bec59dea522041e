import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { registerErrorHandler } from '../../../src/platform/http/error-handler.js';
import { registerJsonParser } from '../../../src/platform/http/raw-body.js';
import { AppError } from '../../../src/platform/errors/app-error.js';
import {
  addFlash,
  addTemplateFolder,
  getOrCreateSessionToken,
  redirectWithFlash,
  registerProfileSlot,
  registerStorefrontFramework,
  renderPage,
  renderProfileSlots,
  renewSessionToken,
  setCustomerResolver,
  setNavigationProvider,
  storefrontRoutes,
  type StorefrontCustomer,
} from '../../../src/platform/storefront/http/index.js';
import { Browser, countOccurrences } from './browser.js';

const CSRF_403 = {
  errors: [
    {
      status: '403',
      code: 'FRAMEWORK__INVALID_CSRF_TOKEN',
      title: 'Forbidden',
      detail: 'The CSRF token is invalid. Reload the page and try again.',
    },
  ],
};
const NOT_LOGGED_IN_401 = {
  errors: [{ status: '401', code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', title: 'Unauthorized', detail: 'The customer is not logged in.' }],
};
const JSON_ACCEPT = { accept: 'application/json' };

let t: TestPlatform;
let app: FastifyInstance;
/** Session tokens that belong to a logged-in customer, as a customer module would keep them. */
const loggedIn = new Map<string, StorefrontCustomer>();
const activeExtensions = new Set(['ExtActive']);
const received: unknown[] = [];

// The whole-platform helper's app is already started; this app has the platform's JSON parser, form
// parser and error handler, the storefront framework on the real platform, and test routes.
beforeAll(async () => {
  t = await createTestPlatform();
  app = Fastify();
  registerJsonParser(app);
  await app.register(formbody);
  registerErrorHandler(app);
  await registerStorefrontFramework(app, {
    env: t.platform.env,
    systemConfig: t.platform.systemConfig,
    extensions: { isActive: (name) => activeExtensions.has(name) },
  });
  addTemplateFolder(app, fileURLToPath(new URL('./views/', import.meta.url)));
  setNavigationProvider(app, async () => [
    { id: 'c1', name: 'Clothing', url: '/clothing' },
    { id: 'c2', name: 'Shoes & <Boots>', url: '/shoes' },
  ]);
  setCustomerResolver(app, async (_request, sessionToken) => loggedIn.get(sessionToken));

  const routes = storefrontRoutes(app);
  routes.page('/echo', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    return renderPage(reply, 'test-pages/echo.njk', { text: query.text ?? '' });
  });
  routes.formPost('/form', async (request, reply) => {
    received.push(request.body);
    return redirectWithFlash(reply, '/echo', 'success', 'Saved <b>it</b>.');
  });
  routes.formPost('/form-redirect', async (request, reply) => {
    const body = request.body as Record<string, string>;
    return redirectWithFlash(reply, body.redirectTo ?? '', 'info', 'Moved.');
  });
  routes.formPost('/form-rerender', async (_request, reply) => {
    addFlash(reply, 'danger', 'Please check your input.');
    return renderPage(reply, 'test-pages/echo.njk', { text: 'again', fieldError: 'Name is required.' }, 400);
  });
  routes.jsonPost('/cart/add', async (request) => ({ ok: true, body: request.body }));
  routes.route({ method: 'DELETE', url: '/cart/item', responds: 'json', handler: async (_request, reply) => reply.status(204).send() });
  routes.page(
    '/account/private',
    async (request, reply) => renderPage(reply, 'test-pages/echo.njk', { text: `hello ${request.storefront.customer.firstName}` }),
    { requireCustomer: true },
  );
  routes.formPost('/pay-b/bank/save', async (request, reply) => redirectWithFlash(reply, '/account/profile', 'success', `saved for ${request.storefront.customer.id}`), {
    requireCustomer: true,
  });
  routes.jsonPost('/account/json', async (request) => ({ id: request.storefront.customer.id }), { requireCustomer: true });
  routes.page('/account/profile', async (request, reply) => renderPage(reply, 'test-pages/profile.njk', { profileSlots: await renderProfileSlots(request) }), {
    requireCustomer: true,
  });
  routes.page('/login-now', async (request, reply) => {
    const token = renewSessionToken(request, reply);
    loggedIn.set(token, { id: 'c'.repeat(32), firstName: 'Renewed', lastName: 'Login', email: 'renewed@example.com' });
    return reply.send({ token });
  });
  routes.page('/explode', async () => {
    throw new Error('database password is hunter2');
  });
  routes.page('/conflict', async () => {
    throw new AppError(409, 'CHECKOUT__CONFLICT', 'This product is no longer available.');
  });
  routes.page('/broken-template', async (_request, reply) => renderPage(reply, 'test-pages/broken.njk', { text: 'x' }));
  app.get('/plain-session', async (request, reply) => ({ first: getOrCreateSessionToken(request, reply), second: getOrCreateSessionToken(request, reply) }));
  app.get('/api/explode', async () => {
    throw new Error('internal detail');
  });

  registerProfileSlot(app, {
    id: 'bank-account',
    template: 'test-pages/bank-slot.njk',
    owner: 'ExtActive',
    data: async (request) => ({ iban: `DE00 <${request.storefront.customer?.lastName}>` }),
  });
  registerProfileSlot(app, { id: 'inactive', template: 'test-pages/bank-slot.njk', owner: 'ExtInactive' });
  registerProfileSlot(app, { id: 'failing', template: 'test-pages/bank-slot.njk', data: async () => Promise.reject(new Error('gateway down')) });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function loggedInBrowser(customer: Partial<StorefrontCustomer> = {}): Promise<{ browser: Browser; customer: StorefrontCustomer }> {
  const browser = new Browser(app);
  await browser.get('/echo');
  const full: StorefrontCustomer = { id: 'a'.repeat(32), firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', ...customer };
  loggedIn.set(browser.cookies.get('sw-context-token')!, full);
  return { browser, customer: full };
}

describe('page rendering', () => {
  it('escapes data: a script in data is rendered as text', async () => {
    const response = await new Browser(app).get(`/echo?text=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<p id="text">&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(response.body).not.toContain('<script>alert(1)</script>');
    // the same value in an attribute cannot break out of it
    expect(response.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('renders the layout with shop name, navigation, login link and a CSRF field', async () => {
    const response = await new Browser(app).get('/echo?x=1');
    expect(response.body.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(response.body).toContain('<title>Echo | Demo Shop</title>');
    expect(response.body).toContain('<a class="brand" href="/">Demo Shop</a>');
    expect(response.body).toContain('<a href="/clothing">Clothing</a>');
    expect(response.body).toContain('Shoes &amp; &lt;Boots&gt;');
    expect(response.body).toContain('<a href="/account/login?redirectTo=%2Fecho">Log in</a>');
    expect(response.body).toMatch(/<link rel="stylesheet" href="\/assets\/storefront\/storefront\.css\?v=[0-9a-f]{12}">/);
    const token = Browser.csrfTokenOf(response);
    expect(response.body).toContain(`<input type="hidden" name="_csrf_token" value="${token}">`);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('takes the shop name from system config', async () => {
    await t.platform.systemConfig.set(t.platform.db, 'core.basicInformation.shopName', 'Bookworm & Co');
    try {
      const response = await new Browser(app).get('/echo');
      expect(response.body).toContain('<a class="brand" href="/">Bookworm &amp; Co</a>');
    } finally {
      await t.platform.systemConfig.set(t.platform.db, 'core.basicInformation.shopName', null);
    }
  });

  it('shows the logged-in customer and a logout form instead of the login link', async () => {
    const { browser } = await loggedInBrowser();
    const response = await browser.get('/echo');
    // the account menu: the name opens links to the account pages
    expect(response.body).toContain('<summary>Ada Lovelace</summary>');
    expect(response.body).toContain('<a href="/account/order">Orders</a>');
    expect(response.body).toContain('<form class="inline-form" method="post" action="/account/logout">');
    expect(response.body).not.toContain('Log in</a>');
    expect(response.body).toContain('<p id="customer">ada@example.com</p>');
  });
});

describe('session token', () => {
  it('is issued once in an httpOnly, SameSite=Lax cookie on the first visit and kept afterwards', async () => {
    const browser = new Browser(app);
    const first = await browser.get('/echo');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/sw-context-token=[0-9a-f]{32}; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookie).not.toContain('Secure');
    const token = browser.cookies.get('sw-context-token');
    const second = await browser.get('/echo');
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(browser.cookies.get('sw-context-token')).toBe(token);
    expect(Browser.csrfTokenOf(second)).toBe(Browser.csrfTokenOf(first));
  });

  it('answers the same new token to repeated calls within one request', async () => {
    const response = await new Browser(app).get('/plain-session');
    const { first, second } = response.json();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
  });

  it('replaces a malformed cookie value with a new token', async () => {
    const browser = new Browser(app);
    browser.cookies.set('sw-context-token', 'not-a-token');
    await browser.get('/echo');
    expect(browser.cookies.get('sw-context-token')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('renewal issues a new token: the old CSRF token stops working', async () => {
    const browser = new Browser(app);
    const before = Browser.csrfTokenOf(await browser.get('/echo'));
    const oldSession = browser.cookies.get('sw-context-token');
    const { token } = (await browser.get('/login-now')).json();
    expect(token).not.toBe(oldSession);
    expect(browser.cookies.get('sw-context-token')).toBe(token);
    const rejected = await browser.request('POST', '/form', { form: { _csrf_token: before, name: 'x' } });
    expect(rejected.statusCode).toBe(403);
    const page = await browser.get('/account/private');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('hello Renewed');
  });

  it('is secure when APP_URL is https', async () => {
    const secureApp = Fastify();
    registerErrorHandler(secureApp);
    await registerStorefrontFramework(secureApp, {
      env: { appSecret: t.platform.env.appSecret, appUrl: 'https://shop.example' },
      systemConfig: t.platform.systemConfig,
      extensions: t.platform.extensions,
    });
    storefrontRoutes(secureApp).page('/', async (_request, reply) => redirectWithFlash(reply, '/next', 'info', 'hi'));
    await secureApp.ready();
    try {
      const response = await secureApp.inject({ method: 'GET', url: '/' });
      const cookies = response.headers['set-cookie'] as string[];
      expect(cookies.find((c) => c.startsWith('sw-context-token='))).toMatch(/; Secure/);
      expect(cookies.find((c) => c.startsWith('sw-flash='))).toMatch(/; Secure/);
    } finally {
      await secureApp.close();
    }
  });
});

describe('CSRF protection', () => {
  it('refuses a form post without a token with the HTML error page', async () => {
    const browser = new Browser(app);
    await browser.get('/echo');
    const response = await browser.request('POST', '/form', { form: { name: 'x' } });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Forbidden</h1>');
    expect(response.body).toContain('The CSRF token is invalid. Reload the page and try again.');
    expect(received).toHaveLength(0);
  });

  it('answers the JSON shape when the client wants JSON (Accept or XHR)', async () => {
    const browser = new Browser(app);
    await browser.get('/echo');
    const accept = await browser.request('POST', '/form', { form: { name: 'x' }, headers: JSON_ACCEPT });
    expect(accept.statusCode).toBe(403);
    expect(accept.json()).toEqual(CSRF_403);
    const xhr = await browser.request('POST', '/form', { form: { name: 'x' }, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(xhr.statusCode).toBe(403);
    expect(xhr.json()).toEqual(CSRF_403);
    const jsonRoute = await browser.request('POST', '/cart/add', { json: { productId: 'p' } });
    expect(jsonRoute.statusCode).toBe(403);
    expect(jsonRoute.json()).toEqual(CSRF_403);
  });

  it('refuses a wrong token', async () => {
    const browser = new Browser(app);
    const token = Browser.csrfTokenOf(await browser.get('/echo'));
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await browser.request('POST', '/form', { form: { _csrf_token: wrong } })).statusCode).toBe(403);
    expect((await browser.request('POST', '/form', { form: { _csrf_token: 'short' } })).statusCode).toBe(403);
    expect((await browser.request('POST', '/cart/add', { json: {}, headers: { 'x-csrf-token': wrong } })).statusCode).toBe(403);
  });

  it('accepts the right token from the form field or the header', async () => {
    const browser = new Browser(app);
    const token = Browser.csrfTokenOf(await browser.get('/echo'));
    const form = await browser.request('POST', '/form', { form: { _csrf_token: token, name: 'Grace' } });
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toBe('/echo');
    expect(received.at(-1)).toEqual({ _csrf_token: token, name: 'Grace' });

    const json = await browser.request('POST', '/cart/add', { json: { productId: 'p1' }, headers: { 'x-csrf-token': token } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ ok: true, body: { productId: 'p1' } });

    const deleted = await browser.request('DELETE', '/cart/item', { headers: { 'x-csrf-token': token } });
    expect(deleted.statusCode).toBe(204);
    const deleteWithout = await browser.request('DELETE', '/cart/item');
    expect(deleteWithout.statusCode).toBe(403);
    expect(deleteWithout.json()).toEqual(CSRF_403);
  });

  it('binds the token to the session: another visitor’s token is refused', async () => {
    const alice = new Browser(app);
    const mallory = new Browser(app);
    await alice.get('/echo');
    const malloryToken = Browser.csrfTokenOf(await mallory.get('/echo'));
    expect(alice.cookies.get('sw-context-token')).not.toBe(mallory.cookies.get('sw-context-token'));
    const response = await alice.request('POST', '/form', { form: { _csrf_token: malloryToken } });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a post without a session cookie even with a token', async () => {
    const token = Browser.csrfTokenOf(await new Browser(app).get('/echo'));
    const before = received.length;
    const response = await new Browser(app).request('POST', '/form', { form: { _csrf_token: token } });
    expect(response.statusCode).toBe(403);
    expect(received).toHaveLength(before);
  });
});

describe('flash messages', () => {
  it('shows a flash once on the next page and consumes it', async () => {
    const browser = new Browser(app);
    const token = Browser.csrfTokenOf(await browser.get('/echo'));
    await browser.request('POST', '/form', { form: { _csrf_token: token } });
    expect(browser.cookies.has('sw-flash')).toBe(true);

    const next = await browser.get('/echo');
    expect(countOccurrences(next.body, 'class="alert alert-success"')).toBe(1);
    expect(next.body).toContain('<div class="alert alert-success" role="status">Saved &lt;b&gt;it&lt;/b&gt;.</div>');
    expect(browser.cookies.has('sw-flash')).toBe(false);

    const after = await browser.get('/echo');
    expect(after.body).not.toContain('class="alert');
  });

  it('shows a flash added while rendering the same page, without leaving a cookie', async () => {
    const browser = new Browser(app);
    const token = Browser.csrfTokenOf(await browser.get('/echo'));
    const response = await browser.request('POST', '/form-rerender', { form: { _csrf_token: token } });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<div class="alert alert-danger" role="alert">Please check your input.</div>');
    expect(response.body).toContain('aria-invalid="true"');
    expect(response.body).toContain('Name is required.');
    expect(browser.cookies.has('sw-flash')).toBe(false);
  });

  it('ignores a forged flash cookie', async () => {
    const browser = new Browser(app);
    const forged = Buffer.from(JSON.stringify([{ type: 'danger', message: 'Your account is locked, call +1 555' }])).toString('base64url');
    browser.cookies.set('sw-flash', forged);
    const response = await browser.get('/echo');
    expect(response.body).not.toContain('account is locked');
    expect(browser.cookies.has('sw-flash')).toBe(false);
  });

  it('redirects only to local paths', async () => {
    const browser = new Browser(app);
    const token = Browser.csrfTokenOf(await browser.get('/echo'));
    const post = (redirectTo: string) => browser.request('POST', '/form-redirect', { form: { _csrf_token: token, redirectTo } });
    expect((await post('/account/order?page=2')).headers.location).toBe('/account/order?page=2');
    expect((await post('//evil.com')).headers.location).toBe('/');
    expect((await post('https://evil.com/x')).headers.location).toBe('/');
  });
});

describe('requireCustomer', () => {
  it('sends a guest to the login page with the page to come back to and an info flash', async () => {
    const browser = new Browser(app);
    const response = await browser.get('/account/private?tab=2');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/account/login?redirectTo=%2Faccount%2Fprivate%3Ftab%3D2');
    const next = await browser.get('/echo');
    expect(next.body).toContain('<div class="alert alert-info" role="status">Please log in to continue.</div>');
  });

  it('sends a guest form post to the login page, back to the page the form was on', async () => {
    const browser = new Browser(app);
    const token = Browser.csrfTokenOf(await browser.get('/echo'));
    const response = await browser.request('POST', '/pay-b/bank/save', {
      form: { _csrf_token: token },
      headers: { referer: 'http://localhost:80/account/profile' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/account/login?redirectTo=%2Faccount%2Fprofile');
    const foreign = await browser.request('POST', '/pay-b/bank/save', { form: { _csrf_token: token }, headers: { referer: 'https://evil.com/x' } });
    expect(foreign.headers.location).toBe('/account/login');
  });

  it('answers 401 JSON to a guest on a JSON route or a JSON client', async () => {
    const browser = new Browser(app);
    const token = Browser.csrfTokenOf(await browser.get('/echo'));
    const json = await browser.request('POST', '/account/json', { json: {}, headers: { 'x-csrf-token': token } });
    expect(json.statusCode).toBe(401);
    expect(json.json()).toEqual(NOT_LOGGED_IN_401);
    const page = await browser.get('/account/private', JSON_ACCEPT);
    expect(page.statusCode).toBe(401);
    expect(page.json()).toEqual(NOT_LOGGED_IN_401);
  });

  it('lets a logged-in customer through with the customer in request.storefront', async () => {
    const { browser, customer } = await loggedInBrowser();
    const page = await browser.get('/account/private');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('hello Ada');
    const token = Browser.csrfTokenOf(page);
    const json = await browser.request('POST', '/account/json', { json: {}, headers: { 'x-csrf-token': token } });
    expect(json.json()).toEqual({ id: customer.id });
    const form = await browser.request('POST', '/pay-b/bank/save', { form: { _csrf_token: token } });
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toBe('/account/profile');
  });
});

describe('profile slots', () => {
  it('renders active slots with their data and the CSRF token, skipping inactive and failing ones', async () => {
    const { browser } = await loggedInBrowser({ lastName: '<Byron>' });
    const response = await browser.get('/account/profile');
    expect(response.statusCode).toBe(200);
    const token = Browser.csrfTokenOf(response);
    expect(response.body).toContain('<section data-slot="bank-account">');
    expect(response.body).toContain(`<form method="post" action="/pay-b/bank/save"><input type="hidden" name="_csrf_token" value="${token}">`);
    expect(response.body).toContain('value="DE00 &lt;&lt;Byron&gt;&gt;"');
    expect(response.body).toContain('<span class="owner">Ada</span>');
    expect(response.body).not.toContain('data-slot="inactive"');
    expect(response.body).not.toContain('data-slot="failing"');
  });

  it('refuses two slots with one id', () => {
    expect(() => registerProfileSlot(app, { id: 'bank-account', template: 'x.njk' })).toThrow('already registered');
  });
});

describe('assets', () => {
  it('serves the stylesheet as text/css with cache headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/storefront/storefront.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers.etag).toBeTruthy();
    expect(response.body).toContain('.product-grid');
  });

  it('answers 404 for missing or escaping asset paths', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/storefront/missing.css' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/storefront/../views/layout.njk' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/storefront/%2e%2e/views/layout.njk' })).statusCode).toBe(404);
  });
});

describe('error pages', () => {
  it('renders an unknown route as the HTML 404 page for browsers', async () => {
    const response = await new Browser(app).get('/no/such/page?x=<b>');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Not Found</h1>');
    expect(response.body).toContain('The page you requested could not be found.');
    expect(response.body).toContain('<a class="brand" href="/">Demo Shop</a>');
    expect(response.body).not.toContain('No route found');
  });

  it('keeps the JSON 404 for JSON clients and for API paths, whatever they accept', async () => {
    const json = await app.inject({ method: 'GET', url: '/no/such/page', headers: JSON_ACCEPT });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({
      errors: [{ status: '404', code: 'FRAMEWORK__ROUTE_NOT_FOUND', title: 'Not Found', detail: 'No route found for "GET /no/such/page".' }],
    });
    for (const url of ['/api/nothing', '/store-api/nothing']) {
      const response = await new Browser(app).get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0].code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
    }
  });

  it('renders a thrown error as a 500 page without internals', async () => {
    const response = await new Browser(app).get('/explode');
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Internal Server Error</h1>');
    expect(response.body).toContain('Something went wrong on our side. Please try again later.');
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('renders a broken template as a 500 page without the template error', async () => {
    const response = await new Browser(app).get('/broken-template');
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('<h1>Internal Server Error</h1>');
    expect(response.body).not.toContain('nosuchfilter');
  });

  it('uses the status and message of an AppError', async () => {
    const response = await new Browser(app).get('/conflict');
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('<h1>Conflict</h1>');
    expect(response.body).toContain('This product is no longer available.');
  });

  it('keeps the JSON 500 shape on API routes', async () => {
    const response = await new Browser(app).get('/api/explode');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      errors: [{ status: '500', code: 'FRAMEWORK__INTERNAL_SERVER_ERROR', title: 'Internal Server Error', detail: 'An internal error occurred.' }],
    });
  });
});
