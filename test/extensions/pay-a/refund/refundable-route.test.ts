import { describe, expect, it } from 'vitest';
import { configKey } from '../../../../src/extensions/pay-a/config.js';
import { describeRefundableRoute, type CurrencyCase } from '../../_gateway-kit/refundable-route-suite.js';
import { createPayAOrderFixture, TEST_SECRET_KEY } from '../pay-a-test-setup.js';
import { createPaidTransaction, REFUND_ROUTE, storedRefunds, useRefundTestShop, type PaidTransaction } from './refund-test-setup.js';

const PATH = '/api/_action/pay-a/refundable';

const CURRENCIES: CurrencyCase[] = [
  { isoCode: 'NGN', decimals: 2, amountMinor: 1000_00, paid: '1000.00', minimum: '50.00', partial: '250.50', left: '749.50', leftPlusOne: '749.51', zero: '0.00' },
  // whole francs; ×100 on the wire
  { isoCode: 'XOF', decimals: 0, amountMinor: 2000, paid: '2000', minimum: '1', partial: '500', left: '1500', leftPlusOne: '1501', zero: '0' },
];

/** Gateway A's wire amount: minor units ×100 for XOF (no subunit), ×1 for 2-decimal currencies. */
const wire = (amountMinor: number, decimals: number) => amountMinor * 10 ** (2 - decimals);

describe('gateway A: the refundable balance read live from the gateway', () => {
  // refunds stay pending at the gateway until a test completes them
  const shop = useRefundTestShop({ simulator: { refundOutcome: 'pending' } });
  const refund = (reference: string, amount?: string) => shop.t.api('POST', REFUND_ROUTE, { body: amount === undefined ? { transaction: reference } : { transaction: reference, amount } });

  describeRefundableRoute<PaidTransaction>({
    gatewayName: 'Gateway A',
    codePrefix: 'PAY_A',
    path: PATH,
    refundPrivilege: 'pay_a.refund',
    shop,
    refundListPath: '/refund',
    errorBody: (message) => ({ status: false, message }),
    secretKey: TEST_SECRET_KEY,
    currencies: CURRENCIES,
    pay: (currency) => createPaidTransaction(shop.t, shop.sim, { isoCode: currency.isoCode, amountMinor: currency.amountMinor }),
    unpaid: (currency) => createPayAOrderFixture(shop.t.platform, { isoCode: currency.isoCode, amountMinor: currency.amountMinor }),
    refund: (paid, amount) => refund(paid.reference, amount),
    refundAtGateway(paid, currency, amountMinor, status) {
      shop.sim.addRefund(paid.reference, wire(amountMinor, currency.decimals), { status: status === 'completed' ? 'processed' : status });
    },
    routeRefundsListedAs: 'pending',
    async completeRefundsAtGateway(paid) {
      const pending = shop.sim.refunds().filter((r) => String(r.transaction) === paid.gatewayTransactionId && r.status === 'pending');
      for (const listed of pending) await shop.sim.settleRefund(listed.id as number, 'processed', { send: false });
    },
    // the shop's records allow it; the gateway refuses what exceeds its own balance, with its message
    beyondGatewayRefusal: () => 'Refund amount cannot be more than the unrefunded balance of the transaction',
    setConfig: (key, value) => shop.t.platform.systemConfig.set(shop.t.platform.db, configKey(key), value, null),
  });
});

describe('gateway A: the refundable route and the refund route where the gateway and the shop differ', () => {
  const shop = useRefundTestShop({ simulator: { refundOutcome: 'pending' } });
  const refund = (reference: string, amount?: string) => shop.t.api('POST', REFUND_ROUTE, { body: amount === undefined ? { transaction: reference } : { transaction: reference, amount } });
  const read = async (orderTransactionId: string) => (await shop.t.api('GET', `${PATH}/${orderTransactionId}`)).json();

  it('a refund the gateway failed frees its amount at once, although the shop still holds it as pending: the shop\'s record counts', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', amountMinor: 1000_00 });
    const created = (await refund(paid.reference, '400')).json().data.id as number;
    await sim.settleRefund(created, 'failed', { send: false });
    // the gateway's list: nothing held; the shop's pending record: 400.00 until refund.failed arrives
    expect(await read(paid.orderTransactionId)).toMatchObject({ refunded: '0.00', pending: '400.00', refundable: '600.00' });
    expect((await refund(paid.reference, '600.01')).json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 600.00 NGN' });
    expect((await refund(paid.reference, '600.00')).statusCode).toBe(200);
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.amount, r.state])).toEqual([
      [400, 'open'],
      [600, 'open'],
    ]);
    expect(await read(paid.orderTransactionId)).toMatchObject({ refunded: '0.00', pending: '1000.00', refundable: '0.00' });
  });
});
