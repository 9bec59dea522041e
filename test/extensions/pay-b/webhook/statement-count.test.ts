import { refundHostOf } from '../../../../src/platform/checkout/refund/refund-host.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayBProvider } from '../../../../src/extensions/pay-b/provider.js';
import { settlementServices } from '../../../../src/platform/checkout/payment/settlement-services.js';
import { createWebhookIntake } from '../../../../src/platform/checkout/payment/webhook-intake.js';
import { historyOf } from '../../../platform/state-machine/fixtures.js';
import { createPayBOrderFixture, startFixturePayment, stateOf, startPayBTest, TEST_WEBHOOK_HASH, type PayBTest } from '../pay-b-test-setup.js';

/**
 * The statements one charge.completed webhook costs, pinned so round trips removed from the hot path do not
 * creep back (transaction control not counted). Raise a pin only with a reason in the commit message.
 */
describe('gateway D webhook: statements per delivery', () => {
  let test: PayBTest;

  beforeAll(async () => {
    test = await startPayBTest({ listen: true, simulator: { autoWebhooks: false } });
  });
  afterAll(() => test.close());

  async function deliver(gatewayId: number): Promise<number> {
    const body = { event: 'charge.completed', data: test.sim.transaction(gatewayId) };
    const { result: response, count, sql } = await test.platform.database.statements.measure(() =>
      fetch(test.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json', 'verif-hash': TEST_WEBHOOK_HASH }, body: JSON.stringify(body) }),
    );
    expect(response.status).toBe(200);
    if (process.env.SHOW_SQL) console.log(sql.join("\n---\n"));
    return count;
  }

  it('settles a payment on its first delivery within the pinned count, and answers a duplicate with fewer', async () => {
    // a first delivery of another payment warms the per-process caches (config, state machine definitions)
    const warm = await createPayBOrderFixture(test.platform, { isoCode: 'USD', amountMinor: 1000 });
    await startFixturePayment(test.platform, warm);
    await deliver((await test.sim.completePayment(warm.orderTransactionId, 'successful')).transactionId!);

    const fixture = await createPayBOrderFixture(test.platform, { isoCode: 'USD', amountMinor: 4200 });
    await startFixturePayment(test.platform, fixture);
    const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');

    const first = await deliver(transactionId!);
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
    const duplicate = await deliver(transactionId!);
    console.log(`gateway D webhook statements: first ${first}, duplicate ${duplicate}`);
    // the sixth: the payment-received mail queued inside the settlement's transaction (mail/mail-triggers.ts);
    // the seventh: a sandbox payment marks its order as a test order (payment_test_mode, settlement.ts)
    expect(first).toBeLessThanOrEqual(7);
    // none: this process saw the charge recorded, and its settings are kept until system_config changes
    expect(duplicate).toBe(0);

    // a handler that did not see it (another worker, or after a restart) reads the transaction, and changes nothing
    const host = test.platform.extensions.hostOf('ExtPayB');
    const otherProcess = createWebhookIntake(createPayBProvider(host), settlementServices(test.platform, host), refundHostOf(test.platform.orderTransactions, host));
    const body = JSON.stringify({ event: 'charge.completed', data: test.sim.transaction(transactionId!) });
    const fresh = await test.platform.database.statements.measure(() => otherProcess({ rawBody: Buffer.from(body), headers: { 'verif-hash': TEST_WEBHOOK_HASH } }));
    expect(fresh.result.status).toBe(200);
    expect(fresh.count).toBe(1);
    expect((await historyOf(test.platform, fixture.orderTransactionId)).map((row) => row.transition_action_name)).toEqual(['paid']);
  });

  it('a new webhook secret hash applies to the very next delivery, though settings are kept per process', async () => {
    const fixture = await createPayBOrderFixture(test.platform, { isoCode: 'USD', amountMinor: 1500 });
    await startFixturePayment(test.platform, fixture);
    const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
    const body = JSON.stringify({ event: 'charge.completed', data: test.sim.transaction(transactionId!) });
    const post = (hash: string) => fetch(test.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json', 'verif-hash': hash }, body });
    expect((await post(TEST_WEBHOOK_HASH)).status).toBe(200);
    expect((await post(TEST_WEBHOOK_HASH)).status).toBe(200);
    const token = (await test.platform.tokens.passwordGrant('admin', 'shopware')).access_token;
    const change = await fetch(`${new URL(test.webhookUrl!).origin}/api/_action/system-config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ 'ExtPayB.config.secretHashSandbox': 'a-rotated-hash' }),
    });
    expect(change.status).toBe(204);
    try {
      expect((await post(TEST_WEBHOOK_HASH)).status).toBe(403);
      expect((await post('a-rotated-hash')).status).toBe(200);
    } finally {
      await test.platform.systemConfig.set(test.platform.db, 'ExtPayB.config.secretHashSandbox', TEST_WEBHOOK_HASH);
    }
  });
});
