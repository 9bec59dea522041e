import { refundHostOf } from '../../../../src/platform/checkout/refund/refund-host.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayAProvider } from '../../../../src/extensions/pay-a/provider.js';
import { settlementServices } from '../../../../src/platform/checkout/payment/settlement-services.js';
import { createWebhookIntake } from '../../../../src/platform/checkout/payment/webhook-intake.js';
import { createPayAOrderFixture, startFixturePayment, stateChanges, stateOf, startPayATest, type PayATest } from '../pay-a-test-setup.js';

/**
 * The statements one signed charge.success costs, pinned so round trips removed from the hot path do not
 * creep back (BEGIN and COMMIT included). Raise a pin only with a reason in the commit message.
 */
describe('gateway A webhook: statements per delivery', () => {
  let test: PayATest;
  beforeAll(async () => {
    test = await startPayATest({ listen: true, simulator: { autoWebhooks: false } });
  });
  afterAll(() => test.close());

  async function paidReference(): Promise<{ reference: string; orderTransactionId: string }> {
    const fixture = await createPayAOrderFixture(test.platform, { isoCode: 'NGN', amountMinor: 1_500_000 });
    const { reference } = await startFixturePayment(test.platform, fixture);
    await test.sim.completePayment(reference, 'success');
    return { reference, orderTransactionId: fixture.orderTransactionId };
  }

  async function deliver(reference: string): Promise<number> {
    const body = JSON.stringify({ event: 'charge.success', data: test.sim.transaction(reference) });
    const { result: response, count } = await test.platform.database.statements.measure(() =>
      fetch(test.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json', 'x-pay-a-signature': test.sim.signatureOf(body) }, body }),
    );
    expect(response.status).toBe(204);
    return count;
  }

  it('settles a payment on its first delivery within the pinned count, and answers a duplicate with fewer', async () => {
    // a first delivery warms the per-process caches (state machine definitions)
    await deliver((await paidReference()).reference);
    const { reference, orderTransactionId } = await paidReference();
    const first = await deliver(reference);
    expect(await stateOf(test.platform, orderTransactionId)).toBe('paid');
    const duplicate = await deliver(reference);
    console.log(`gateway A webhook statements: first ${first}, duplicate ${duplicate}`);
    // the sixth: the payment-received mail queued inside the settlement's transaction (mail/mail-triggers.ts);
    // the seventh: a sandbox payment marks its order as a test order (payment_test_mode, settlement.ts)
    expect(first).toBeLessThanOrEqual(7);
    // none: this process saw the charge recorded, and its settings are kept until system_config changes
    expect(duplicate).toBe(0);

    // a handler that did not see it (another worker, or after a restart) reads the transaction, and changes nothing
    const host = test.platform.extensions.hostOf('ExtPayA');
    const otherProcess = createWebhookIntake(createPayAProvider(host), settlementServices(test.platform, host), refundHostOf(test.platform.orderTransactions, host));
    const body = JSON.stringify({ event: 'charge.success', data: test.sim.transaction(reference) });
    const fresh = await test.platform.database.statements.measure(() => otherProcess({ rawBody: Buffer.from(body), headers: { 'x-pay-a-signature': test.sim.signatureOf(body) } }));
    expect(fresh.result.status).toBe(204);
    expect(fresh.count).toBe(1);
    expect(await stateChanges(test.platform, orderTransactionId)).toEqual([{ action: 'paid' }]);
  });
});
