import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { request, type Answer } from './http.js';
import { rowCount, type Suite } from './suite.js';

export const FUZZ_SEED = 13;
export const RUNS_PER_FAMILY = 200;

/** How a route answers errors, as documented (docs/apis.md, docs/gateway-a.md, docs/gateway-d.md, docs/order-export.md, the route descriptions). */
type Shape = 'platform' | 'form' | 'pay-a-webhook' | 'pay-b-webhook' | 'gateway-refund';

interface Target {
  method: string;
  path: string;
  shape: Shape;
  headers?: Record<string, string>;
  /** the body is a form, not JSON */
  form?: boolean;
}

/** A hostile request body: the raw bytes and the content type they are sent with. */
interface Payload {
  kind: string;
  body: string;
  contentType: string;
}

const HOSTILE_CHARS = ['\u0000', '\uD800', '\uDFFF', 'a\uDBFFb', '\uDC00x'];
const hostileString = fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...HOSTILE_CHARS), fc.string({ maxLength: 20 })).map(([a, c, b]) => a + c + b);
const fieldName = fc.constantFrom('name', 'id', 'limit', 'page', 'filter', 'amount', 'orderId', 'configId', 'email', 'password', 'grant_type', 'client_id', 'items', 'currencyId', 'transaction', 'orderTransactionId', 'event', 'data', 'definition', 'productNumber', 'stock', 'price');
const wrongValue = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 2 }), fc.string({ maxLength: 30 }), fc.double());

function nested(depth: number, leaf: string, array: boolean): string {
  return array ? '['.repeat(depth) + leaf + ']'.repeat(depth) : '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
}

const JSON_TYPE = 'application/json';

/** The families of hostile JSON bodies a public API meets; each one refused or harmless, never a 5xx. */
const payload: fc.Arbitrary<Payload> = fc.oneof(
  fc.string({ maxLength: 60 }).map((s) => ({ kind: 'malformed JSON', body: `{"name":${s}`, contentType: JSON_TYPE })),
  fc.constantFrom('{', '[1,2', '{"a":}', "{'a':1}", '{"a":1,}', 'nul', '\u0000', '{"a":"\\ud800"', '').map((body) => ({ kind: 'malformed JSON', body, contentType: JSON_TYPE })),
  fc.dictionary(fieldName, wrongValue, { minKeys: 1, maxKeys: 5 }).map((o) => ({ kind: 'wrong types', body: JSON.stringify(o), contentType: JSON_TYPE })),
  fc.jsonValue({ maxDepth: 2 }).filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)).map((v) => ({ kind: 'wrong root type', body: JSON.stringify(v), contentType: JSON_TYPE })),
  fc
    .tuple(fc.dictionary(fieldName, wrongValue, { maxKeys: 3 }), fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/octet-stream', 'image/png'))
    .map(([o, contentType]) => ({ kind: 'wrong content type', body: JSON.stringify(o), contentType })),
  fc.constantFrom(300_000, 1_100_000).map((n) => ({ kind: 'huge body', body: JSON.stringify({ name: 'x'.repeat(n) }), contentType: JSON_TYPE })),
  fc.integer({ min: 20_000, max: 60_000 }).map((n) => ({ kind: 'huge array', body: `{"ids":[${'1,'.repeat(n)}1]}`, contentType: JSON_TYPE })),
  fc.tuple(fc.integer({ min: 33, max: 50_000 }), fc.boolean()).map(([d, array]) => ({ kind: 'deep nesting', body: nested(d, '1', array), contentType: JSON_TYPE })),
  fc.tuple(fieldName, hostileString, fc.boolean()).map(([k, s, inKey]) => ({ kind: 'NUL / lone surrogate', body: JSON.stringify(inKey ? { [s]: 'x' } : { [k]: s }), contentType: JSON_TYPE })),
  fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fieldName)
    .map(([p, k]) => ({ kind: 'prototype keys', body: `{"${k}":{"${p}":{"admin":true,"isAdmin":true}},"${p}":{"polluted":true}}`, contentType: JSON_TYPE })),
  fc
    .tuple(fieldName, fc.constantFrom('1e400', '-1e400', '9007199254740993', '-9007199254740993', '1e-400', '123456789012345678901234567890', '1E309', '-0'))
    .map(([k, n]) => ({ kind: 'out-of-range number', body: `{"${k}":${n},"limit":${n},"amount":${n}}`, contentType: JSON_TYPE })),
);

/** Hostile form bodies: raw percent-encoding, so NUL and invalid UTF-8 reach the parser as sent. */
const formPayload: fc.Arbitrary<Payload> = fc.oneof(
  fc.tuple(fc.constantFrom('email', 'password', 'username', 'id', 'quantity', '_csrf_token'), fc.constantFrom('%00', '%ED%A0%80', '%FF%FE', '%C0%80', '%')).map(([k, v]) => ({ kind: 'form: NUL / invalid UTF-8', body: `${k}=a${v}b`, contentType: 'application/x-www-form-urlencoded' })),
  fc.constantFrom('__proto__[admin]=1', 'constructor[prototype][admin]=1', '__proto__=x', 'a[__proto__][b]=1').map((body) => ({ kind: 'form: prototype keys', body, contentType: 'application/x-www-form-urlencoded' })),
  fc.integer({ min: 33, max: 3000 }).map((d) => ({ kind: 'form: deep brackets', body: `a${'[b]'.repeat(d)}=1`, contentType: 'application/x-www-form-urlencoded' })),
  fc.constantFrom(300_000, 1_100_000).map((n) => ({ kind: 'form: huge', body: `email=${'x'.repeat(n)}`, contentType: 'application/x-www-form-urlencoded' })),
  fc.integer({ min: 1000, max: 20000 }).map((n) => ({ kind: 'form: many fields', body: Array.from({ length: n }, (_, i) => `f${i}=1`).join('&'), contentType: 'application/x-www-form-urlencoded' })),
  fc.constantFrom('quantity=1e400', 'quantity=-9007199254740993', 'quantity=NaN', 'quantity=Infinity').map((body) => ({ kind: 'form: numbers', body, contentType: 'application/x-www-form-urlencoded' })),
  payload,
);

const ERROR_FIELDS = ['status', 'code', 'title', 'detail'] as const;

/** Empty when the answer is in the route's documented shape; else what is wrong. */
function shapeProblem(target: Target, answer: Answer): string | undefined {
  if (answer.status === 0) return `no answer (${answer.error})`;
  if (answer.status >= 500) return `${answer.status}`;
  let json: any;
  try {
    json = answer.text ? JSON.parse(answer.text) : undefined;
  } catch {
    json = undefined;
  }
  const platformError = () => {
    const error = json?.errors?.[0];
    if (!error || !ERROR_FIELDS.every((f) => typeof error[f] === 'string')) return `${answer.status} not {errors:[{status,code,title,detail}]}: ${answer.text.slice(0, 120)}`;
    if (error.status !== String(answer.status)) return `${answer.status} with errors[0].status ${error.status}`;
    return undefined;
  };
  switch (target.shape) {
    case 'platform':
      return answer.status >= 400 ? platformError() : undefined;
    case 'form':
      // a storefront form answers a page or a redirect, never JSON errors to a browser
      return answer.status >= 400 && !/text\/html/.test(answer.headers.get('content-type') ?? '') ? `${answer.status} ${answer.headers.get('content-type')} is not a page` : undefined;
    case 'pay-a-webhook':
      return [204, 400, 403].includes(answer.status) && answer.text === '' ? undefined : `${answer.status} ${answer.text.slice(0, 80)}`;
    case 'pay-b-webhook': {
      const documented = { 200: '{"status":"success"}', 400: '{"status":"error","message":"Bad request"}', 403: '{"status":"error","message":"Access denied"}' } as Record<number, string>;
      return documented[answer.status] === answer.text ? undefined : `${answer.status} ${answer.text.slice(0, 80)}`;
    }
    case 'gateway-refund':
      // refusals are 400 {"error"}; authentication and privileges answer in the platform's shape
      if (answer.status === 400) return typeof json?.error === 'string' && Object.keys(json).length === 1 ? undefined : `400 ${answer.text.slice(0, 120)}`;
      return answer.status >= 400 ? platformError() : undefined;
  }
}

/** Tables a refused request must not have written to. */
const KEY_TABLES = [
  'product', 'tag', 'customer', '"order"', 'order_transaction', 'order_transaction_capture', 'order_transaction_capture_refund', 'state_machine_history',
  'integration', 'acl_role', 'system_config', 'category', 'media', 'ext_order_export', 'ext_order_export_attempt', 'ext_order_export_credential', 'ext_order_export_mapping',
];

async function tableCounts(suite: Suite): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of KEY_TABLES) counts[table] = await rowCount(suite.db, table).catch(() => -1);
  return counts;
}

/** Scenario 4: every route family under hostile input, fixed seed, bounded runs. */
export async function fuzzRoutes(suite: Suite): Promise<void> {
  const { token } = suite;
  const auth = { authorization: `Bearer ${token}` };
  const storeHeaders = { 'sw-access-key': suite.shop.accessKey };
  const someId = () => randomBytes(16).toString('hex');
  const families: Record<string, Target[]> = {
    'admin entity+search': [
      { method: 'POST', path: '/api/tag', shape: 'platform', headers: auth },
      { method: 'POST', path: '/api/product', shape: 'platform', headers: auth },
      { method: 'PATCH', path: `/api/product/${suite.shop.productId}`, shape: 'platform', headers: auth },
      { method: 'POST', path: '/api/search/product', shape: 'platform', headers: auth },
      { method: 'POST', path: '/api/search/order', shape: 'platform', headers: auth },
      { method: 'POST', path: '/api/search-ids/customer', shape: 'platform', headers: auth },
      { method: 'POST', path: '/api/integration', shape: 'platform', headers: auth },
    ],
    'admin action': [
      { method: 'POST', path: '/api/_action/system-config', shape: 'platform', headers: auth },
      { method: 'POST', path: '/api/_action/system-config/batch', shape: 'platform', headers: auth },
      { method: 'POST', path: `/api/_action/order_transaction/${someId()}/state/paid`, shape: 'platform', headers: auth },
      { method: 'POST', path: `/api/_action/state-machine/order/${someId()}/state/process`, shape: 'platform', headers: auth },
      { method: 'POST', path: `/api/_action/order_transaction_capture_refund/${someId()}`, shape: 'platform', headers: auth },
    ],
    'oauth token': [{ method: 'POST', path: '/api/oauth/token', shape: 'platform' }],
    'store api': [
      { method: 'POST', path: '/store-api/product', shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: '/store-api/account/register', shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: '/store-api/account/login', shape: 'platform', headers: storeHeaders },
      { method: 'PATCH', path: '/store-api/context', shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: '/store-api/checkout/cart/line-item', shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: '/store-api/handle-payment', shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: '/store-api/product-listing/home', shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: '/store-api/search', shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: '/store-api/navigation/main-navigation/main-navigation', shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: `/store-api/product/${suite.shop.productId}/find-variant`, shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: `/store-api/product/${suite.shop.productId}/reviews`, shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: '/store-api/country', shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: '/store-api/media', shape: 'platform', headers: storeHeaders },
      { method: 'POST', path: '/store-api/checkout/cart/line-item/delete', shape: 'platform', headers: storeHeaders },
    ],
    'storefront forms': [
      { method: 'POST', path: '/account/login', shape: 'form', form: true },
      { method: 'POST', path: '/account/register', shape: 'form', form: true },
      { method: 'POST', path: '/checkout/line-item/add', shape: 'form', form: true },
      { method: 'POST', path: '/checkout/configure', shape: 'form', form: true },
    ],
    'extension routes': [
      { method: 'POST', path: '/api/_action/pay-a/refund', shape: 'gateway-refund', headers: auth },
      { method: 'POST', path: '/api/_action/pay-b/refund', shape: 'gateway-refund', headers: auth },
      { method: 'POST', path: '/api/_action/ext-order-export/export', shape: 'platform', headers: auth },
      { method: 'POST', path: '/api/_action/ext-order-export/mapping/validate', shape: 'platform', headers: auth },
      { method: 'POST', path: '/api/_action/ext-order-export/mapping/preview', shape: 'platform', headers: auth },
      { method: 'POST', path: '/api/_action/ext-order-export/credential/save', shape: 'platform', headers: auth },
      { method: 'POST', path: '/ext-order-export/acknowledge', shape: 'platform' },
    ],
    webhooks: [
      { method: 'POST', path: '/pay-a/webhook', shape: 'pay-a-webhook' },
      { method: 'POST', path: '/pay-b/webhook', shape: 'pay-b-webhook' },
    ],
  };

  // a visitor's session and CSRF token, so the hostile forms get past the CSRF check to the parser and the handlers
  const page = await request(suite.apps[0]!.baseUrl, 'GET', '/account/login', { headers: { accept: 'text/html' } });
  const session = /sw-context-token=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)?.[1];
  if (!session || !csrf) throw new Error(`no storefront session or CSRF token (${page.status})`);
  for (const target of families['storefront forms']!) target.headers = { accept: 'text/html', cookie: `sw-context-token=${session}`, 'x-csrf-token': csrf };

  const before = await tableCounts(suite);
  const t0 = Date.now();
  await Promise.all(
    Object.entries(families).map(async ([family, targets], f) => {
      let sent = 0;
      let closedEarly = 0;
      const problems: string[] = [];
      const kinds = new Set<string>();
      const arbitrary = fc.tuple(fc.nat({ max: targets.length - 1 }), families[family]!.some((t) => t.form) ? formPayload : payload, fc.boolean());
      await fc.assert(
        fc.asyncProperty(arbitrary, async ([index, input, authenticate]) => {
          const target = targets[index]!;
          const headers: Record<string, string> = { ...target.headers };
          if (input.contentType) headers['content-type'] = input.contentType;
          // half of the webhooks carry a valid signature or hash, so the body gets past the gate and is parsed
          if (target.shape === 'pay-a-webhook' && authenticate) headers['x-pay-a-signature'] = createHmac('sha512', suite.payA.secretKey).update(input.body).digest('hex');
          if (target.shape === 'pay-b-webhook' && authenticate) headers['verif-hash'] = suite.payB.secretHash;
          const app = suite.apps[(sent + f) % suite.apps.length]!;
          sent++;
          kinds.add(input.kind);
          const answer = await request(app.baseUrl, target.method, target.path, { body: input.body, headers });
          // a server may answer a body over its limit and close before the client has sent it all: refused, not failed
          if (answer.status === 0 && input.body.length > 1_000_000 && /EPIPE|ECONNRESET/.test(answer.error ?? '')) {
            closedEarly++;
            return true;
          }
          const problem = shapeProblem(target, answer);
          if (problem) problems.push(`${target.method} ${target.path} [${input.kind}] -> ${problem}`);
          return true;
        }),
        { seed: FUZZ_SEED + f, numRuns: RUNS_PER_FAMILY, endOnFailure: true },
      );
      suite.report(`fuzz ${family}: requests / 5xx or wrong shape`, `${sent} / ${problems.length} (${kinds.size} input kinds${closedEarly ? `, ${closedEarly} over-limit bodies cut off by the server` : ''})`, problems.length === 0);
      if (problems.length) suite.report(`fuzz ${family}: first problems`, [...new Set(problems)].slice(0, 5).join(' || '), false);
    }),
  );
  const after = await tableCounts(suite);
  const changed = KEY_TABLES.filter((t) => before[t] !== after[t]).map((t) => `${t} ${before[t]}->${after[t]}`);
  const missing = KEY_TABLES.filter((t) => before[t] === -1);
  suite.report('fuzz: key tables written', changed.length ? changed.join(', ') : `0 of ${KEY_TABLES.length - missing.length} tables`, changed.length === 0);
  if (process.env.RELIABILITY_VERBOSE) console.log(`(fuzz: ${((Date.now() - t0) / 1000).toFixed(1)} s; tables not found: ${missing.join(', ') || 'none'})`);
}
