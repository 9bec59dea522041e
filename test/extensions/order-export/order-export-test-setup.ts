import type { LightMyRequestResponse } from 'fastify';
import type { Logger } from 'pino';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import type { ExtensionHost } from '../../../src/platform/sdk/index.js';
import type { Env } from '../../../src/platform/env.js';
import { extOrderExport } from '../../../src/extensions/order-export/index.js';
import { orderExportConfig } from '../../../src/extensions/order-export/config.js';
import { generateSigningSecret } from '../../../src/extensions/order-export/delivery/standard-webhooks.js';
import { startTargetSimulator, type TargetSimulator, type TargetSimulatorOptions } from '../../../src/extensions/order-export/simulator/index.js';
import { createOrderFixture, type OrderFixture } from '../../fixtures/orders.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

/** A mapping over what the order fixture has; `note` (the customer comment) is what tests change. */
export const TEST_MAPPING = {
  fields: {
    orderNumber: { expr: 'orderNumber', type: 'string', required: true },
    total: { expr: 'amountTotal', type: 'number' },
    currency: { expr: 'currency.isoCode' },
    paymentState: { expr: 'transactions[0].stateMachineState.technicalName' },
    shipping: { expr: 'deliveries[0].shippingMethod.name' },
    customer: { fields: { email: { expr: 'orderCustomer.email', required: true }, city: { expr: 'addresses[0].city' } } },
    lines: { expr: "lineItems.{ 'label': label, 'qty': quantity }", type: 'array' },
    note: { expr: 'customerComment' },
    source: { value: 'webshop' },
  },
};

export const EXPORT_ROUTE = '/api/_action/ext-order-export/export';
export const ACK_PATH = '/ext-order-export/acknowledge';

export interface OrderExportTestOptions {
  simulator?: TargetSimulatorOptions;
  logger?: Logger;
  /** e.g. `{ sandbox: {...} }` for lower limits */
  env?: Partial<Env>;
}

export interface OrderExportTest {
  t: TestPlatform;
  host: ExtensionHost;
  sim: TargetSimulator;
  /** the signing secret targets get unless told otherwise; the simulator verifies with it */
  signingSecret: string;
  /** `http://127.0.0.1:<port>/ext-order-export/acknowledge`: the shop listens on a real port */
  ackUrl: string;
  setAllowPrivateTargets(allow: boolean): Promise<void>;
  createMapping(definition?: unknown, name?: string): Promise<string>;
  createTarget(fields?: Record<string, unknown>): Promise<string>;
  createCredential(body: Record<string, unknown>): Promise<string>;
  createOrder(options?: Parameters<typeof createOrderFixture>[1]): Promise<OrderFixture>;
  setComment(orderId: string, comment: string | null): Promise<void>;
  exportOrder(body: Record<string, unknown>, token?: string): Promise<LightMyRequestResponse>;
  exportRow(orderId: string, configId: string): Promise<Record<string, unknown> | undefined>;
  attempts(exportId: string): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

/**
 * A platform with ExtOrderExport, private targets allowed (the simulator listens on loopback), the
 * shop listening on a real port for acknowledgements, and a target simulator verifying signatures.
 */
export async function startOrderExportTest(options: OrderExportTestOptions = {}): Promise<OrderExportTest> {
  const t = await createTestPlatform({ extensions: [extOrderExport], logger: options.logger, env: options.env });
  const host = t.platform.extensions.hostOf('ExtOrderExport');
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const signingSecret = generateSigningSecret();
  const sim = await startTargetSimulator({ signingSecret, ...options.simulator });
  const setAllowPrivateTargets = (allow: boolean) => t.platform.systemConfig.set(t.platform.db, orderExportConfig.key('allowPrivateTargets'), allow);
  await setAllowPrivateTargets(true);

  const created = async (response: LightMyRequestResponse): Promise<string> => {
    if (response.statusCode !== 200) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
    return response.json().data.id as string;
  };
  return {
    t,
    host,
    sim,
    signingSecret,
    ackUrl: `${address}${ACK_PATH}`,
    setAllowPrivateTargets,
    createMapping: async (definition = TEST_MAPPING, name = 'ERP mapping') =>
      created(await t.api('POST', '/api/ext-order-export-mapping?_response=1', { body: { name, definition } })),
    createTarget: async (fields = {}) =>
      created(await t.api('POST', '/api/ext-order-export-config?_response=1', { body: { name: 'ERP', url: sim.deliveryUrl, signingSecret, ...fields } })),
    async createCredential(body) {
      const response = await t.api('POST', '/api/_action/ext-order-export/credential/save', { body });
      if (response.statusCode !== 200) throw new Error(`credential save failed: ${response.body}`);
      return response.json().id as string;
    },
    createOrder: (fixtureOptions) => createOrderFixture(t.platform, fixtureOptions),
    setComment: (orderId, comment) =>
      transaction(t.platform.db, async (uow) => {
        await t.platform.repositories.get('order').update({ id: orderId, customerComment: comment }, systemContext, uow);
      }),
    exportOrder: (body, token) => t.api('POST', EXPORT_ROUTE, { body, token }),
    exportRow: (orderId, configId) => host.db.selectFrom('ext_order_export').selectAll().where('order_id', '=', orderId).where('config_id', '=', configId).executeTakeFirst(),
    attempts: (exportId) => host.db.selectFrom('ext_order_export_attempt').selectAll().where('export_id', '=', exportId).orderBy('started_at').orderBy('created_at').execute(),
    async close() {
      await sim.close();
      await t.close();
    },
  };
}

/** Marks an order as a test order the way the payment extensions do (custom field `payment_test_mode`). */
export async function markTestOrder(t: TestPlatform, orderId: string): Promise<void> {
  await transaction(t.platform.db, async (uow) => {
    await t.platform.repositories.get('order').update({ id: orderId, customFields: { payment_test_mode: true } }, systemContext, uow);
  });
}
