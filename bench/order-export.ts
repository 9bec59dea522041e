import { request } from 'undici';
import { systemContext } from '../src/platform/acl/context.js';
import { transaction } from '../src/platform/database/transaction.js';
import { newId } from '../src/platform/ids.js';
import type { Platform } from '../src/platform/kernel.js';
import { calculateLineItem } from '../src/platform/checkout/cart/calculation/calculated-price.js';
import { calculateCartTotals } from '../src/platform/checkout/cart/calculation/cart-totals.js';
import { toCalculatedPriceJson, toCartPriceJson } from '../src/platform/checkout/cart/calculation/price-json.js';
import { toMajorNumber } from '../src/platform/checkout/money/money.js';
import { CURRENCY_DEFAULT, defaultShopId, LANGUAGE_SYSTEM } from '../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../src/platform/first-start/default-shop.js';
import { orderExportConfig } from '../src/extensions/order-export/config.js';
import { createOutboundAgent } from '../src/extensions/order-export/delivery/outbound-agent.js';
import { exportOrder } from '../src/extensions/order-export/export/export-order.js';
import { createReplayRun, processReplayRun, REPLAY_PARALLEL } from '../src/extensions/order-export/replay/replay-run.js';
import { loadOrderDocument } from '../src/extensions/order-export/export/order-document.js';
import { compileMapping } from '../src/extensions/order-export/mapping/compile-mapping.js';
import { renderInSandbox } from '../src/extensions/order-export/mapping/mapping-sandbox.js';
import { renderMapping } from '../src/extensions/order-export/mapping/renderer.js';
import { compared, stormRow, summarize, type Row } from './measure.js';
import { adminToken } from './fixtures.js';
import type { BenchClient } from './loopback-client.js';
import { startRemoteSimulator, type RemoteSimulator } from './remote-simulator.js';

const LINES = 20;
const RENDERS = 2000;
const EXPORTS = 300;
/** Failed exports a bulk replay run sends again (a target back after an outage). */
const REPLAY_ORDERS = 200;

/** A realistic mapping: plain paths, concatenation, a lookup across associations, a list of line objects, a sum. */
const MAPPING = {
  fields: {
    orderNumber: { expr: 'orderNumber', type: 'string', required: true },
    placedAt: { expr: 'orderDateTime', required: true },
    currency: { expr: 'currency.isoCode' },
    total: { expr: 'amountTotal', type: 'number' },
    paymentState: { expr: 'transactions[0].stateMachineState.technicalName' },
    shipping: { expr: 'deliveries[0].shippingMethod.name' },
    source: { value: 'shop' },
    customer: {
      fields: {
        email: { expr: 'orderCustomer.email', required: true },
        name: { expr: 'orderCustomer.firstName & " " & orderCustomer.lastName' },
        group: { expr: 'customFields.erpCustomerGroup', default: 'B2C' },
      },
    },
    billTo: { expr: '($id := billingAddressId; addresses[id = $id].{"street": street, "city": city})', type: 'object' },
    lines: { expr: 'lineItems[type = "product"].{"sku": payload.productNumber, "name": label, "qty": quantity, "price": unitPrice, "total": totalPrice}', type: 'array', required: true },
    itemCount: { expr: '$sum(lineItems.quantity)', type: 'integer' },
  },
};

/** Scalar plain paths only (what the synchronous walk answers without jsonata; no list to copy). */
const PLAIN_MAPPING = {
  fields: Object.fromEntries(
    ['orderNumber', 'orderDateTime', 'currency.isoCode', 'amountTotal', 'transactions[0].stateMachineState.technicalName', 'deliveries[0].shippingMethod.name', 'orderCustomer.email', 'orderCustomer.lastName', 'addresses[0].city', 'customFields.erpCustomerGroup', 'salesChannel.name'].map((expr, i) => [`f${i}`, { expr }]),
  ),
};

/**
 * Order export: the render of a 20-line order through a compiled mapping (realistic, and plain paths
 * only), and a whole synchronous export against the same local target as a bare HTTP POST of the same
 * payload, the two measured alternately in one loop so machine load hits both alike. `notes` gets the
 * p50 comparison the targets are stated in.
 */
export async function orderExportCases(platform: Platform, http: BenchClient, notes: (line: string) => void): Promise<Row[]> {
  const host = platform.extensions.hostOf('ExtOrderExport');
  await platform.systemConfig.set(platform.db, orderExportConfig.key('allowPrivateTargets'), true);
  // no signing secret: the simulator then checks nothing, for the export and the bare POST alike
  const sim = await startRemoteSimulator('order-export-target', {});
  const deliveryUrl = sim.urls.deliveryUrl!;
  const agent = createOutboundAgent({ allowPrivateTargets: true });
  try {
    const orderId = await createOrder(platform);
    const order = (await loadOrderDocument(host, orderId))!;
    const renders: Row[] = [];
    const sandboxed: Row[] = [];
    for (const [name, definition] of [
      [`render, ${LINES}-line order, 13 fields incl. a list of lines (compiled)`, MAPPING],
      [`render, ${LINES}-line order, 11 scalar plain paths (compiled)`, PLAIN_MAPPING],
    ] as const) {
      const compiled = compileMapping(definition);
      for (let i = 0; i < 200; i++) await renderMapping(compiled, order);
      const times: number[] = [];
      for (let i = 0; i < RENDERS; i++) {
        const started = performance.now();
        await renderMapping(compiled, order);
        times.push(performance.now() - started);
      }
      const inProcess = summarize(`order export: ${name}`, times);
      renders.push(inProcess);
      // what an export does since renders left the main thread: the order copied to a sandbox worker, the
      // mapping compiled there once under its version id, the payload copied back
      const versionId = `bench-${renders.length}`;
      const inSandbox = async () => {
        const rendered = await renderInSandbox(host, { versionId, definition, order });
        if (!('data' in rendered) || Object.keys(rendered.errors).length > 0) throw new Error(`sandboxed render failed: ${JSON.stringify(rendered)}`);
      };
      for (let i = 0; i < 200; i++) await inSandbox();
      const sandboxTimes: number[] = [];
      for (let i = 0; i < RENDERS; i++) {
        const started = performance.now();
        await inSandbox();
        sandboxTimes.push(performance.now() - started);
      }
      sandboxed.push(compared(summarize(`order export: ${name.replace('(compiled)', 'in the sandbox worker')}`, sandboxTimes), inProcess, ''));
    }
    // the order as the mapping sees it: one statement with the association tree as JSON columns
    const documentTimes: number[] = [];
    for (let i = 0; i < 320; i++) {
      const started = performance.now();
      await loadOrderDocument(host, orderId);
      if (i >= 20) documentTimes.push(performance.now() - started);
    }
    const documentRow = summarize(`order export: order document read (${LINES} lines, 13 associations)`, documentTimes);

    const token = await adminToken(http, platform.env.adminPassword);
    const mappingId = await createEntity(http, token, 'ext-order-export-mapping', { name: 'bench', definition: MAPPING });
    const configId = await createEntity(http, token, 'ext-order-export-config', { name: 'bench', url: deliveryUrl, mappingId });
    const first = await exportOrder(host, { orderId, configId });
    if (first.outcome !== 'exported') throw new Error(`bench export answered ${first.outcome}`);
    const payload = (await sim.call<Array<{ rawBody: string }>>('deliveries')).at(-1)!.rawBody;
    const barePost = async () => {
      const response = await request(deliveryUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload, dispatcher: agent });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`bare POST answered ${response.statusCode}`);
    };
    // every forced export is a new revision: rendered, hashed, signed, sent and recorded in full
    const forcedExport = async () => {
      const result = await exportOrder(host, { orderId, configId, forceReExport: true });
      if (result.outcome !== 'exported') throw new Error(`bench export answered ${result.outcome}`);
    };
    for (let i = 0; i < 20; i++) {
      await forcedExport();
      await barePost();
    }
    const exportTimes: number[] = [];
    const postTimes: number[] = [];
    for (let i = 0; i < EXPORTS; i++) {
      let started = performance.now();
      await forcedExport();
      exportTimes.push(performance.now() - started);
      started = performance.now();
      await barePost();
      postTimes.push(performance.now() - started);
    }
    const exportRow = summarize(`order export: whole synchronous export (forced, ${LINES} lines, ${Buffer.byteLength(payload)} bytes)`, exportTimes);
    const postRow = summarize('order export: bare HTTP POST of the same payload to the same target', postTimes);
    const ratio = Number(exportRow['p50 ms']) / Number(postRow['p50 ms']);
    notes(
      `order export (${platform.database.kind}): render p50 ${renders.map((row) => `${(Number(row['p50 ms']) * 1000).toFixed(0)} µs`).join(' / ')} (realistic / plain paths; target < 100 µs), ` +
        `in the sandbox worker ${sandboxed.map((row) => `${(Number(row['p50 ms']) * 1000).toFixed(0)} µs`).join(' / ')}; ` +
        `export p50 ${exportRow['p50 ms']} ms vs bare POST p50 ${postRow['p50 ms']} ms: ${ratio.toFixed(2)}× (target < 1.3×), overhead ${(Number(exportRow['p50 ms']) - Number(postRow['p50 ms'])).toFixed(2)} ms`,
    );
    const replayRows = await bulkReplayCases(platform, { http, token, sim, agent, mappingId }, notes);
    return [...renders, ...sandboxed, documentRow, postRow, compared(exportRow, postRow, '< 1.3×'), ...replayRows];
  } finally {
    await agent.close();
    await sim.close();
  }
}

/**
 * Bulk replay: REPLAY_ORDERS exports failed against the simulator (it answered 503), then one run replays
 * them all as `ext:order-export:retry-failed` does (the run worked off in this process: REPLAY_PARALLEL
 * orders at a time, each through the ordinary export with its lease, no rate limit). The baseline is a
 * bare POST loop of the same bodies to the same simulator, REPLAY_PARALLEL loops side by side, measured
 * before and after the run (the mean of the two) so machine load hits both alike.
 */
async function bulkReplayCases(
  platform: Platform,
  bench: { http: BenchClient; token: string; sim: RemoteSimulator; agent: ReturnType<typeof createOutboundAgent>; mappingId: string },
  notes: (line: string) => void,
): Promise<Row[]> {
  const { http, token, sim, agent, mappingId } = bench;
  const host = platform.extensions.hostOf('ExtOrderExport');
  const deliveryUrl = sim.urls.deliveryUrl!;
  const configId = await createEntity(http, token, 'ext-order-export-config', { name: 'bench replay', url: deliveryUrl, mappingId, pauseAfterFailures: 10 * REPLAY_ORDERS });
  const orderIds: string[] = [];
  for (let i = 0; i < REPLAY_ORDERS; i++) orderIds.push(await createOrder(platform));
  await sim.call('enqueue', ...Array.from({ length: REPLAY_ORDERS }, () => ({ status: 503 })));
  for (const orderId of orderIds) {
    const result = await exportOrder(host, { orderId, configId });
    if (result.outcome !== 'failed') throw new Error(`bench replay: the first export answered ${result.outcome}`);
  }
  const bodies = (await sim.call<Array<{ rawBody: string }>>('deliveries')).slice(-REPLAY_ORDERS).map((d) => d.rawBody);

  const bareLoop = async (): Promise<number> => {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: REPLAY_PARALLEL }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!;
          const response = await request(deliveryUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body, dispatcher: agent });
          await response.body.text();
          if (response.statusCode !== 200) throw new Error(`bare POST answered ${response.statusCode}`);
        }
      }),
    );
    return performance.now() - started;
  };
  const bareBefore = await bareLoop();
  const sentBefore = (await sim.call<unknown[]>('deliveries')).length;
  const run = await createReplayRun(host, { configId, orderIds });
  const started = performance.now();
  const done = await processReplayRun(host, run.id);
  const replayMs = performance.now() - started;
  if (done?.status !== 'completed' || done.succeeded !== REPLAY_ORDERS) throw new Error(`bench replay run ended ${JSON.stringify(done)}`);
  const sent = (await sim.call<unknown[]>('deliveries')).length - sentBefore;
  if (sent !== REPLAY_ORDERS) throw new Error(`bench replay sent ${sent} requests for ${REPLAY_ORDERS} orders`);
  const bareAfter = await bareLoop();
  const bareMs = (bareBefore + bareAfter) / 2;

  const bareRow = stormRow(`order export: bare POST loop, ${REPLAY_ORDERS} bodies, ${REPLAY_PARALLEL} loops`, REPLAY_ORDERS, REPLAY_PARALLEL, bareMs);
  const replayRow = stormRow(`order export: bulk replay run of ${REPLAY_ORDERS} failed exports (${REPLAY_PARALLEL} at a time)`, REPLAY_ORDERS, REPLAY_PARALLEL, replayMs);
  const ratio = replayMs / bareMs;
  notes(
    `order export bulk replay (${platform.database.kind}): ${REPLAY_ORDERS} failed exports replayed in ${(replayMs / 1000).toFixed(2)} s = ${replayRow['ops/s']} orders/s, each delivered once; ` +
      `bare POST loop of the same bodies ${(bareBefore / 1000).toFixed(2)} / ${(bareAfter / 1000).toFixed(2)} s = ${bareRow['ops/s']} requests/s; the run takes ${ratio.toFixed(1)}× the bare loop`,
  );
  return [bareRow, { ...replayRow, baseline: bareRow.case, ratio: `${ratio.toFixed(2)}×`, target: '' }];
}

async function createEntity(http: BenchClient, token: string, resource: string, body: object): Promise<string> {
  const response = await http.request({ method: 'POST', url: `/api/${resource}?_response=1`, payload: body, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  if (response.statusCode !== 200) throw new Error(`creating ${resource} failed: ${response.body}`);
  return response.json().data.id as string;
}

/** An order with LINES product lines written through the repository, as checkout leaves one. */
export async function createOrder(platform: Platform): Promise<string> {
  const lines = Array.from({ length: LINES }, (_, i) => ({ line: calculateLineItem({ unitPriceMinor: 999 + i * 100, quantity: (i % 3) + 1, taxRate: 19 }), i }));
  const totals = calculateCartTotals(
    lines.map(({ line }) => line),
    { unitPrice: 499, taxRate: 19 },
  );
  const orderId = newId();
  const addressId = newId();
  await transaction(platform.db, async (uow) => {
    await platform.repositories.get('order').create(
      {
        id: orderId,
        orderNumber: `BENCH-${orderId.slice(0, 12)}`,
        salesChannelId: DEFAULT_SALES_CHANNEL_ID,
        currencyId: CURRENCY_DEFAULT,
        languageId: LANGUAGE_SYSTEM,
        price: toCartPriceJson(totals, 2),
        amountTotal: toMajorNumber(totals.totalPrice, 2),
        amountNet: toMajorNumber(totals.netPrice, 2),
        positionPrice: toMajorNumber(totals.positionPrice, 2),
        shippingCosts: toCalculatedPriceJson(totals.shippingCosts, 2),
        shippingTotal: toMajorNumber(totals.shippingCosts.totalPrice, 2),
        customFields: { erpCustomerGroup: 'B2B' },
        orderCustomer: { email: 'bench@example.com', firstName: 'Ada', lastName: 'Lovelace' },
        addresses: [{ id: addressId, countryId: defaultShopId('country', 'DE'), firstName: 'Ada', lastName: 'Lovelace', street: 'Main 1', city: 'Berlin' }],
        lineItems: lines.map(({ line, i }) => ({
          identifier: `line-${i}`,
          type: 'product',
          label: `Bench mug ${i + 1}`,
          quantity: line.quantity,
          unitPrice: toMajorNumber(line.unitPrice, 2),
          totalPrice: toMajorNumber(line.totalPrice, 2),
          price: toCalculatedPriceJson(line, 2),
          payload: { productNumber: `BENCH-${1000 + i}` },
          position: i + 1,
        })),
        deliveries: [
          {
            shippingMethodId: defaultShopId('shipping_method', 'standard'),
            shippingDateEarliest: new Date().toISOString(),
            shippingDateLatest: new Date().toISOString(),
            shippingCosts: toCalculatedPriceJson(totals.shippingCosts, 2),
          },
        ],
        transactions: [{ paymentMethodId: defaultShopId('payment_method', 'payment_invoicepayment'), amount: toCalculatedPriceJson({ ...totals.shippingCosts, unitPrice: totals.totalPrice, totalPrice: totals.totalPrice, quantity: 1 }, 2) }],
      },
      systemContext,
      uow,
    );
    await platform.repositories.get('order').update({ id: orderId, billingAddressId: addressId }, systemContext, uow);
  });
  return orderId;
}
