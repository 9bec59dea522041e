import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_ERROR_CODES } from '../../../../src/platform/checkout/payment/payment-errors.js';
import { toMajorUnits } from '../../../../src/platform/checkout/money/money.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { PAY_B_PAYMENT_METHOD } from '../../../../src/extensions/pay-b/config.js';
import { startPayBSimulator, type PayBSimulator } from '../../../../src/extensions/pay-b/simulator/index.js';
import {
  createPayBOrderFixture,
  customFieldsOf,
  PAY_B_METHOD_ID,
  stateChanges,
  stateOf,
  startPayBTest,
  type PayBOrderFixture,
  type PayBTest,
} from '../pay-b-test-setup.js';

/**
 * Verification compares integer minor units per currency (0 decimals RWF, 2 USD, 3 KWD), the verified
 * `amount` (not `charged_amount`), the currency and the tx_ref. Orders are fixtures in each currency;
 * pay and finalize are the handler's own, against the simulator over HTTP.
 */
describe('gateway D verification: amounts, currencies and references', () => {
  let test: PayBTest;

  beforeAll(async () => {
    test = await startPayBTest();
  });
  afterAll(() => test.close());

  /** The handler the platform runs for gateway D's method. */
  const paymentHandler = () => test.platform.payments.get(PAY_B_PAYMENT_METHOD)!;

  /** The handler's pay for a fixture order: creates the payment at the simulator. */
  async function startPayment(fixture: PayBOrderFixture): Promise<Record<string, unknown>> {
    const salesChannel = await test.platform.salesChannelContexts.salesChannelById(DEFAULT_SALES_CHANNEL_ID);
    const context = await test.platform.salesChannelContexts.load(salesChannel!, undefined);
    const result = await paymentHandler().pay({
      transaction: { orderTransactionId: fixture.orderTransactionId, orderId: fixture.orderId, paymentMethodId: PAY_B_METHOD_ID, returnUrl: 'http://localhost:8000/payment/finalize-transaction?_sw_payment_token=t' },
      context,
      validationData: null,
      requestData: {},
    });
    expect(result).toEqual({ redirectUrl: test.sim.payment(fixture.orderTransactionId)!.link });
    return test.sim.payment(fixture.orderTransactionId)!.request;
  }

  /** The handler's finalize for a return with `transaction_id`; resolves to the thrown error code, or 'ok'. */
  async function finalize(fixture: PayBOrderFixture, gatewayId: number | undefined): Promise<string> {
    try {
      await paymentHandler().finalize!({
        transaction: { orderTransactionId: fixture.orderTransactionId, orderId: fixture.orderId, paymentMethodId: PAY_B_METHOD_ID },
        requestData: { status: 'successful', tx_ref: fixture.orderTransactionId, transaction_id: String(gatewayId) },
      });
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  }

  const currencies = [
    { isoCode: 'RWF', amountMinor: 15000, wire: '15000', oneUnit: '1' },
    { isoCode: 'USD', amountMinor: 12345, wire: '123.45', oneUnit: '0.01' },
    { isoCode: 'KWD', amountMinor: 12345, wire: '12.345', oneUnit: '0.001' },
  ];

  describe.each(currencies)('$isoCode', ({ isoCode, amountMinor, wire }) => {
    it(`sends the amount in major units (${wire}) and pays when the verified amount is exactly the transaction amount`, async () => {
      const fixture = await createPayBOrderFixture(test.platform, { isoCode, amountMinor });
      const request = await startPayment(fixture);
      expect(request).toMatchObject({ tx_ref: fixture.orderTransactionId, amount: wire, currency: isoCode });

      const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
      expect(await finalize(fixture, transactionId)).toBe('ok');
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
      expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toMatchObject({ pay_b_currency: isoCode, pay_b_transaction_id: String(transactionId) });
    });

    it.each([
      ['one minor unit less', -1],
      ['one minor unit more', 1],
    ])('does not pay when the verified amount is %s', async (_name, delta) => {
      const fixture = await createPayBOrderFixture(test.platform, { isoCode, amountMinor });
      await startPayment(fixture);
      const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful', {
        amount: toMajorUnits(amountMinor + delta, fixture.decimals),
      });
      expect(await finalize(fixture, transactionId)).toBe(PAYMENT_ERROR_CODES.asyncFinalizeInterrupted);
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
      expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([]);
      expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toEqual({});
    });
  });

  it('does not pay a transaction with the verified payment of another transaction (tx_ref of another order)', async () => {
    const mine = await createPayBOrderFixture(test.platform, { isoCode: 'USD', amountMinor: 5000 });
    const other = await createPayBOrderFixture(test.platform, { isoCode: 'USD', amountMinor: 5000 });
    await startPayment(mine);
    await startPayment(other);
    const { transactionId: othersPayment } = await test.sim.completePayment(other.orderTransactionId, 'successful');

    expect(await finalize(mine, othersPayment)).toBe(PAYMENT_ERROR_CODES.asyncFinalizeInterrupted);
    expect(await stateOf(test.platform, mine.orderTransactionId)).toBe('open');
    expect(await stateOf(test.platform, other.orderTransactionId)).toBe('open');
    expect(await customFieldsOf(test.platform, mine.orderTransactionId)).toEqual({});
  });

  it('does not pay when the verified currency differs, even with the same number', async () => {
    const fixture = await createPayBOrderFixture(test.platform, { isoCode: 'USD', amountMinor: 5000 });
    await startPayment(fixture);
    const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful', { currency: 'EUR', amount: '50' });
    expect(await finalize(fixture, transactionId)).toBe(PAYMENT_ERROR_CODES.asyncFinalizeInterrupted);
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
  });

  it('accepts the dashed UUID form of the tx_ref', async () => {
    const fixture = await createPayBOrderFixture(test.platform, { isoCode: 'RWF', amountMinor: 700 });
    await startPayment(fixture);
    const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
    const id = fixture.orderTransactionId;
    test.sim.updateTransaction(transactionId!, { tx_ref: `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`.toUpperCase() });
    expect(await finalize(fixture, transactionId)).toBe('ok');
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
  });

  it('does not pay a transaction the gateway reports successful with a lower amount later changed on its side', async () => {
    const fixture = await createPayBOrderFixture(test.platform, { isoCode: 'KWD', amountMinor: 1000 });
    await startPayment(fixture);
    const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
    test.sim.updateTransaction(transactionId!, { amount: '0.999' });
    expect(await finalize(fixture, transactionId)).toBe(PAYMENT_ERROR_CODES.asyncFinalizeInterrupted);
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
  });

  describe('when the customer bears the fee (charged_amount = amount + fee)', () => {
    let feeTest: { sim: PayBSimulator };

    beforeAll(async () => {
      feeTest = { sim: await startPayBSimulator({ feeBearer: 'customer' }) };
      await test.setConfig('apiBaseUrl', feeTest.sim.baseUrl);
    });
    afterAll(async () => {
      await test.setConfig('apiBaseUrl', test.sim.baseUrl);
      await feeTest.sim.close();
    });

    it('pays: the comparison uses amount, and the charged amount and fee are stored', async () => {
      const fixture = await createPayBOrderFixture(test.platform, { isoCode: 'USD', amountMinor: 10000 });
      const salesChannel = await test.platform.salesChannelContexts.salesChannelById(DEFAULT_SALES_CHANNEL_ID);
      const context = await test.platform.salesChannelContexts.load(salesChannel!, undefined);
      await paymentHandler().pay({
        transaction: { orderTransactionId: fixture.orderTransactionId, orderId: fixture.orderId, paymentMethodId: PAY_B_METHOD_ID, returnUrl: 'http://localhost:8000/payment/finalize-transaction?_sw_payment_token=t' },
        context,
        validationData: null,
        requestData: {},
      });
      const { transactionId } = await feeTest.sim.completePayment(fixture.orderTransactionId, 'successful', { appFee: 1.4 });
      const gateway = feeTest.sim.transaction(transactionId!)!;
      expect(gateway).toMatchObject({ amount: 100, charged_amount: 101.4 });

      expect(await finalize(fixture, transactionId)).toBe('ok');
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
      expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toMatchObject({
        pay_b_amount_charged: '101.4',
        pay_b_transaction_fee: '1.4',
        pay_b_currency: 'USD',
      });
    });
  });
});
