import { expectStatus, request, statusCounts } from './http.js';
import { placeOrder } from './shop.js';
import { spread, type Suite } from './suite.js';

export const CONCURRENT_EXPORTS = 20;

const MAPPING = {
  fields: {
    orderNumber: { expr: 'orderNumber', type: 'string', required: true },
    total: { expr: 'amountTotal', type: 'number' },
    source: { value: 'reliability' },
  },
};

/** A bearer credential, a mapping and a target pointing at the target simulator; the target's id. */
export async function prepareExportTarget(baseUrl: string, token: string, simBaseUrl: string, signingSecret: string, bearerToken: string): Promise<string> {
  const credential = expectStatus(
    await request(baseUrl, 'POST', '/api/_action/ext-order-export/credential/save', { token, body: { name: 'Reliability ERP', authType: 'bearer', secret: bearerToken } }),
    200,
    'credential',
  ).json().id;
  const mapping = expectStatus(await request(baseUrl, 'POST', '/api/ext-order-export-mapping?_response=1', { token, body: { name: 'Reliability', definition: MAPPING } }), 200, 'mapping').json().data.id;
  const target = await request(baseUrl, 'POST', '/api/ext-order-export-config?_response=1', {
    token,
    body: { name: 'Reliability ERP', url: `${simBaseUrl}/orders`, credentialId: credential, mappingId: mapping, ackMode: 'none', signingSecret },
  });
  return expectStatus(target, 200, 'export target').json().data.id;
}

/** Scenario 3: 20 exports of one order to one target at once over both processes: one runs, the rest 409. */
export async function concurrentExports(suite: Suite): Promise<void> {
  const { sim, configId } = suite.exportTarget;
  const order = await placeOrder(suite.apps[0]!.baseUrl, suite.shop, null, 1);
  const before = ((await (await fetch(`${sim.baseUrl}/_simulator/deliveries`)).json()) as { deliveries: unknown[] }).deliveries.length;
  // the target answers slowly, so every request arrives while the first export still runs
  expectStatus(await request(sim.baseUrl, 'POST', '/_simulator/script', { body: { answers: [{ status: 200, delayMs: 2000 }] } }), 200, 'script');
  const answers = await spread(suite.apps, CONCURRENT_EXPORTS, (app) =>
    request(app.baseUrl, 'POST', '/api/_action/ext-order-export/export', { token: suite.token, body: { orderId: order.orderId, configId }, timeoutMs: 60_000 }),
  );
  const counts = statusCounts(answers);
  const after = ((await (await fetch(`${sim.baseUrl}/_simulator/deliveries`)).json()) as { deliveries: unknown[] }).deliveries.length;
  const conflictsShaped = answers.filter((a) => a.status === 409).every((a) => Array.isArray(a.json()?.errors) && a.json().errors[0].status === '409');
  suite.report(`export ${CONCURRENT_EXPORTS} concurrent: statuses`, JSON.stringify(counts), counts['200'] === 1 && counts['409'] === CONCURRENT_EXPORTS - 1 && conflictsShaped);
  suite.report(`export ${CONCURRENT_EXPORTS} concurrent: deliveries at the target`, after - before, after - before === 1);
}
