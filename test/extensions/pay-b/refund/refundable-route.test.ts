import { describe, expect, it } from 'vitest';
import { toMajorUnits } from '../../../../src/platform/checkout/money/money.js';
import { configKey } from '../../../../src/extensions/pay-b/config.js';
import { describeRefundableRoute, type CurrencyCase } from '../../_gateway-kit/refundable-route-suite.js';
import { createPayBOrderFixture, TEST_SECRET_KEY } from '../pay-b-test-setup.js';
import { createPaidTransaction, REFUND_ROUTE, storedRefunds, useRefundTestShop, type PaidTransaction } from './refund-test-setup.js';

const PATH = '/api/_action/pay-b/refundable';

const CURRENCIES: CurrencyCase[] = [
  { isoCode: 'NGN', decimals: 2, amountMinor: 1000_00, paid: '1000.00', minimum: '100.00', partial: '250.50', left: '749.50', leftPlusOne: '749.51', zero: '0.00' },
  { isoCode: 'KWD', decimals: 3, amountMinor: 2_000, paid: '2.000', minimum: '0.500', partial: '0.750', left: '1.250', leftPlusOne: '1.251', zero: '0.000' },
  { isoCode: 'RWF', decimals: 0, amountMinor: 3000, paid: '3000', minimum: '500', partial: '1000', left: '2000', leftPlusOne: '2001', zero: '0' },
];

describe('gateway D: the refundable balance read live from the gateway', () => {
  const shop = useRefundTestShop();
  const refund = (orderTransactionId: string, amount?: string) =>
    shop.t.api('POST', REFUND_ROUTE, { body: amount === undefined ? { orderTransactionId } : { orderTransactionId, amount } });

  describeRefundableRoute<PaidTransaction>({
    gatewayName: 'Gateway D',
    codePrefix: 'PAY_B',
    path: PATH,
    refundPrivilege: 'pay_b.refund',
    shop,
    refundListPath: '/v3/refunds',
    errorBody: (message) => ({ status: 'error', message, data: null }),
    secretKey: TEST_SECRET_KEY,
    currencies: CURRENCIES,
    pay: (currency) => createPaidTransaction(shop.t, shop.sim, { isoCode: currency.isoCode, unitPriceMinor: currency.amountMinor, quantity: 1 }),
    unpaid: (currency) => createPayBOrderFixture(shop.t.platform, { isoCode: currency.isoCode, amountMinor: currency.amountMinor }),
    refund: (paid, amount) => refund(paid.orderTransactionId, amount),
    refundAtGateway(paid, currency, amountMinor, status) {
      shop.sim.addRefund(paid.gatewayTransactionId, toMajorUnits(amountMinor, currency.decimals), status);
    },
    // the simulator's default refundStatus: a refund is completed as it is created
    routeRefundsListedAs: 'completed',
    async completeRefundsAtGateway() {},
    // the refund route reads the same ledger: its own refusal
    beyondGatewayRefusal: (left) => `Refund amount exceeds the refundable balance of ${left} NGN`,
    setConfig: (key, value) => shop.t.platform.systemConfig.set(shop.t.platform.db, configKey(key), value, null),
  });
});

describe('gateway D: the refundable route agrees with the refund route where the ledger and the shop differ', () => {
  const shop = useRefundTestShop();
  const refund = (orderTransactionId: string, amount?: string) =>
    shop.t.api('POST', REFUND_ROUTE, { body: amount === undefined ? { orderTransactionId } : { orderTransactionId, amount } });
  const read = async (orderTransactionId: string) => (await shop.t.api('GET', `${PATH}/${orderTransactionId}`)).json();

  it('a ledger refund without records counts (read-only: not recorded); the refund route records it and sees the same balance', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 1000_00, quantity: 1 });
    sim.addRefund(paid.gatewayTransactionId, '120.25', 'pending');
    for (let i = 0; i < 2; i += 1) {
      expect(await read(paid.orderTransactionId)).toMatchObject({ refunded: '0.00', pending: '120.25', refundable: '879.75', source: 'gateway' });
    }
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([]);

    expect((await refund(paid.orderTransactionId, '879.76')).json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 879.75 NGN' });
    // the refund route recorded it (pending): the balance is the same with the record
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.amount, r.state])).toEqual([[120.25, 'open']]);
    expect(await read(paid.orderTransactionId)).toMatchObject({ refunded: '0.00', pending: '120.25', refundable: '879.75' });
    expect((await refund(paid.orderTransactionId)).statusCode).toBe(200);
    expect(await read(paid.orderTransactionId)).toMatchObject({ refunded: '879.75', pending: '120.25', refundable: '0.00' });
  });

  it("a refund the shop recorded that the ledger does not list yet still holds its amount (as pending), as in the refund route", async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 1000_00, quantity: 1 });
    expect((await refund(paid.orderTransactionId, '300')).statusCode).toBe(200);
    // the gateway's list lags behind the refund it has just accepted (twice: the read, then the refund route's)
    sim.injectFault({ method: 'GET', path: '/v3/refunds', status: 200, body: { status: 'success', message: 'Refunds fetched', meta: { page_info: { total: 0, current_page: 1, total_pages: 1 } }, data: [] }, times: 2 });
    expect(await read(paid.orderTransactionId)).toMatchObject({ refunded: '0.00', pending: '300.00', refundable: '700.00' });
    expect((await refund(paid.orderTransactionId, '700.01')).json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 700.00 NGN' });
    // listed again: completed at the gateway
    expect(await read(paid.orderTransactionId)).toMatchObject({ refunded: '300.00', pending: '0.00', refundable: '700.00' });
  });
});
