import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentErrors } from '../../../../src/platform/sdk/index.js';
import { createPayAOrderFixture, customFieldsOf, finalizeFixture, startFixturePayment, startPayATest, stateOf, type PayATest } from '../pay-a-test-setup.js';

/**
 * What finalize pays: the verified requested amount must be exactly the order's in the gateway's minor
 * units (×100 for every currency, XOF too), the currency the order's and the reference this
 * transaction's; the charged amount may exceed it by fees the customer bore.
 */
describe('gateway A finalize: exact amounts with the gateway exponents', () => {
  let test: PayATest;
  beforeAll(async () => {
    test = await startPayATest({ simulator: { autoWebhooks: false } });
  });
  afterAll(() => test.close());

  async function started(isoCode: string, amountMinor: number) {
    const fixture = await createPayAOrderFixture(test.platform, { isoCode, amountMinor });
    const { reference } = await startFixturePayment(test.platform, fixture);
    return { fixture, reference };
  }

  it.each([
    ['NGN', 123_456, 123_456],
    ['GHS', 1_050, 1_050],
    ['ZAR', 9_999, 9_999],
    ['KES', 30_000, 30_000],
    ['USD', 1_999, 1_999],
    ['XOF', 2_500, 250_000],
  ])('%s: initialize sends %i as %i, and exactly that pays', async (isoCode, amountMinor, wire) => {
    const { fixture, reference } = await started(isoCode, amountMinor);
    expect(test.sim.transaction(reference)!.request).toMatchObject({ amount: wire, currency: isoCode });
    await test.sim.completePayment(reference, 'success');
    await finalizeFixture(test.platform, fixture, { reference });
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
    expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toMatchObject({ pay_a_amount: wire, pay_a_currency: isoCode });
  });

  it.each([
    ['one kobo less', { requestedAmount: 99_999, amount: 99_999 }],
    ['one kobo more', { requestedAmount: 100_001, amount: 100_001 }],
    ['the requested amount right but less charged', { requestedAmount: 100_000, amount: 99_000 }],
    ['the same number in USD', { currency: 'USD' }],
  ])('does not pay %s', async (_name, overrides) => {
    const { fixture, reference } = await started('NGN', 100_000);
    await test.sim.completePayment(reference, 'success', overrides);
    await expect(finalizeFixture(test.platform, fixture, { reference })).rejects.toMatchObject({ code: paymentErrors.asyncFinalizeInterrupted('x', '').code });
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
    expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toEqual({ pay_a_reference: reference });
  });

  it('XOF: a verified 1,500 francs for an order of 1,501 is caught, one franc being 100 on the wire', async () => {
    const { fixture, reference } = await started('XOF', 1_501);
    // the gateway charged 1,500 although 1,501 was asked
    await test.sim.completePayment(reference, 'success', { requestedAmount: 150_000, amount: 150_000 });
    await expect(finalizeFixture(test.platform, fixture, { reference })).rejects.toThrow();
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
  });

  it('pays when the customer bore the fees: requested_amount is the order, amount includes the fees, both stored as verified', async () => {
    test.sim.setOptions({ feeBearer: 'customer' });
    try {
      const { fixture, reference } = await started('NGN', 30_050);
      await test.sim.completePayment(reference, 'success');
      expect(test.sim.transaction(reference)).toMatchObject({ requested_amount: 30_050, amount: 30_501, fees: 451 });
      await finalizeFixture(test.platform, fixture, { reference });
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
      expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toMatchObject({ pay_a_amount: 30_501, pay_a_fees: 451 });
    } finally {
      test.sim.setOptions({ feeBearer: 'merchant' });
    }
  });
});
