import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { newId } from '../../../src/platform/ids.js';
import type { InjectedFault, RecordedRequest } from '../../../src/extensions/_simulator/index.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { createOrderFixture } from '../../fixtures/orders.js';
import { neededPrivileges } from '../../reliability/privileges.js';

/**
 * The gateway kit's refundable route (`GET /api/_action/<gateway>/refundable/:orderTransactionId`), the
 * same tests for every gateway: real HTTP from the platform to the gateway's simulator over loopback, a
 * real database. A gateway's test file passes what is its own (how it pays, refunds, and what its
 * simulator and its messages look like); every amount is compared as the exact string the route answers.
 */

/** An order transaction paid at the simulator. */
export interface PaidPayment {
  orderTransactionId: string;
}

/** One currency's figures, all written out as the route must answer them. */
export interface CurrencyCase {
  isoCode: string;
  decimals: number;
  /** The transaction amount in minor units, and as the route writes it. */
  amountMinor: number;
  paid: string;
  /** The refund route's minimum for the currency (default settings). */
  minimum: string;
  /** A partial refund (major units), what is left after it, and one minor unit more than that. */
  partial: string;
  left: string;
  leftPlusOne: string;
  /** The currency's zero, e.g. "0.00", "0", "0.000". */
  zero: string;
}

export interface RefundableGatewayHarness<P extends PaidPayment> {
  /** e.g. `Gateway D` (in messages). */
  gatewayName: string;
  /** e.g. `PAY_B`. */
  codePrefix: string;
  /** e.g. `/api/_action/pay-b/refundable`. */
  path: string;
  /** The gateway's refund privilege: not enough to read the balance. */
  refundPrivilege: string;
  /** The shop of the test file (read inside tests). */
  shop: { readonly t: TestPlatform; readonly sim: { readonly requests: ReadonlyArray<RecordedRequest>; close(): Promise<void>; injectFault(fault: InjectedFault): () => void } };
  /** The simulator's refund list (`GET`), whose failure makes the balance unreadable. */
  refundListPath: string;
  /** The simulator's error body carrying `message`. */
  errorBody(message: string): unknown;
  /** The secret key configured; it must appear in no answer. */
  secretKey: string;
  /** Currencies to pay in; the first is a 2-decimal one with `partial` 250.50 of 1000.00. */
  currencies: CurrencyCase[];
  pay(currency: CurrencyCase): Promise<P>;
  /** An order transaction of the gateway's payment method that was never paid (state open). */
  unpaid(currency: CurrencyCase): Promise<PaidPayment>;
  /** The gateway's refund route; `amount` in major units, none for the whole balance. */
  refund(paid: P, amount?: string): Promise<LightMyRequestResponse>;
  /** A refund made at the gateway itself (its dashboard): the shop has no record of it. */
  refundAtGateway(paid: P, currency: CurrencyCase, amountMinor: number, status: 'pending' | 'completed' | 'failed'): void;
  /** How the gateway lists a refund its refund route just created (before any event reaches the shop). */
  routeRefundsListedAs: 'completed' | 'pending';
  /** Completes at the gateway every refund of the payment (no event reaches the shop). */
  completeRefundsAtGateway(paid: P): Promise<void>;
  /** The refusal of an amount beyond what the gateway holds, once the shop's own records allow it. */
  beyondGatewayRefusal(left: string): string;
  setConfig(key: 'refundEnabled' | 'secretKeySandbox', value: unknown): Promise<void>;
}

export const READ_PRIVILEGE = 'order_transaction_capture_refund:read';

export function describeRefundableRoute<P extends PaidPayment>(gateway: RefundableGatewayHarness<P>): void {
  const { path, shop } = gateway;
  const [ngn] = gateway.currencies;
  if (!ngn || ngn.partial !== '250.50' || ngn.paid !== '1000.00') throw new Error('the first currency case is 1000.00 with 250.50 refunded');
  const read = (orderTransactionId: string, token?: string) => shop.t.api('GET', `${path}/${orderTransactionId}`, { token });

  /** The answer for a payment nothing of which was refunded. */
  const untouched = (paid: P, currency: CurrencyCase) => ({
    orderTransactionId: paid.orderTransactionId,
    currency: currency.isoCode,
    decimals: currency.decimals,
    paid: currency.paid,
    refunded: currency.zero,
    pending: currency.zero,
    refundable: currency.paid,
    minimum: currency.minimum,
    refusal: null,
    source: 'gateway',
  });

  async function recordsOf(orderTransactionId: string): Promise<number> {
    const rows = await shop.t.platform.db.selectFrom('order_transaction_capture').select('id').where('order_transaction_id', '=', orderTransactionId).execute();
    return rows.length;
  }

  describe(`GET ${path}/:orderTransactionId`, () => {
    it('a paid transaction: everything paid is refundable, in every currency, as exact strings', async () => {
      for (const currency of gateway.currencies) {
        const paid = await gateway.pay(currency);
        const answer = await read(paid.orderTransactionId);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json(), currency.isoCode).toEqual(untouched(paid, currency));
      }
    });

    it('after a partial refund the numbers reflect it and are what the refund route accepts: more is refused, exactly the rest accepted', async () => {
      for (const currency of gateway.currencies) {
        const paid = await gateway.pay(currency);
        expect((await gateway.refund(paid, currency.partial)).statusCode, currency.isoCode).toBe(200);

        const after = (await read(paid.orderTransactionId)).json();
        const held = gateway.routeRefundsListedAs === 'completed' ? { refunded: currency.partial, pending: currency.zero } : { refunded: currency.zero, pending: currency.partial };
        expect(after, currency.isoCode).toEqual({ ...untouched(paid, currency), ...held, refundable: currency.left });

        const over = await gateway.refund(paid, currency.leftPlusOne);
        expect(over.statusCode, currency.isoCode).toBe(400);
        expect(over.json()).toEqual({ error: `Refund amount exceeds the refundable balance of ${currency.left} ${currency.isoCode}` });
        expect((await read(paid.orderTransactionId)).json().refundable).toBe(currency.left);

        const rest = await gateway.refund(paid, after.refundable);
        expect(rest.statusCode, rest.body).toBe(200);
        const done = (await read(paid.orderTransactionId)).json();
        expect(done.refundable, currency.isoCode).toBe(currency.zero);
        if (gateway.routeRefundsListedAs === 'completed') expect([done.refunded, done.pending]).toEqual([currency.paid, currency.zero]);
        else expect([done.refunded, done.pending]).toEqual([currency.zero, currency.paid]);

        // the gateway completes them: refunded now, although no event told the shop
        await gateway.completeRefundsAtGateway(paid);
        expect((await read(paid.orderTransactionId)).json(), currency.isoCode).toEqual({ ...untouched(paid, currency), refunded: currency.paid, refundable: currency.zero });
      }
    });

    it("counts refunds made at the gateway itself, live (pending as pending, completed as refunded, failed not at all), writes nothing, and agrees with the refund route's answer", async () => {
      const paid = await gateway.pay(ngn);
      gateway.refundAtGateway(paid, ngn, 200_00, 'completed');
      gateway.refundAtGateway(paid, ngn, 100_00, 'pending');
      gateway.refundAtGateway(paid, ngn, 300_00, 'failed');

      const answer = await read(paid.orderTransactionId);
      expect(answer.json()).toEqual({ ...untouched(paid, ngn), refunded: '200.00', pending: '100.00', refundable: '700.00' });
      expect(await recordsOf(paid.orderTransactionId)).toBe(0);

      const over = await gateway.refund(paid, '700.01');
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({ error: gateway.beyondGatewayRefusal('700.00') });
      expect((await gateway.refund(paid, '700.00')).statusCode).toBe(200);
      expect((await read(paid.orderTransactionId)).json().refundable).toBe('0.00');
    });

    it("404 in the platform's error shape: an unknown id, another payment method's transaction, a malformed id", async () => {
      const invoiceOrder = await createOrderFixture(shop.t.platform, {});
      for (const id of [newId(), invoiceOrder.transactionId]) {
        const answer = await read(id);
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({
          errors: [{ status: '404', code: `${gateway.codePrefix}__TRANSACTION_NOT_FOUND`, title: 'Not Found', detail: `No order transaction paid with ${gateway.gatewayName} has the id ${id}.` }],
        });
      }
      const malformed = await read('not-an-id');
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json().errors[0].code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
    });

    it(`403 without ${READ_PRIVILEGE} (the refund privilege is not enough), before anything is looked up; 200 with only it`, async () => {
      const paid = await gateway.pay(ngn);
      const without = await shop.t.tokenWithPrivileges(['order:read', 'order_transaction:read', gateway.refundPrivilege]);
      for (const id of [paid.orderTransactionId, newId(), 'not-an-id']) {
        const answer = await read(id, without);
        expect(answer.statusCode, id).toBe(403);
        expect(answer.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__MISSING_PRIVILEGE_ERROR', detail: expect.stringContaining(READ_PRIVILEGE) });
      }
      const only = await read(paid.orderTransactionId, await shop.t.tokenWithPrivileges([READ_PRIVILEGE]));
      expect(only.statusCode).toBe(200);
      expect(only.json()).toEqual(untouched(paid, ngn));
    });

    it("refunds disabled: the refund route's refusal and nothing refundable; an unpaid transaction: nothing to read", async () => {
      const paid = await gateway.pay(ngn);
      await gateway.setConfig('refundEnabled', false);
      try {
        expect((await read(paid.orderTransactionId)).json()).toEqual({ ...untouched(paid, ngn), refundable: '0.00', refusal: 'Refund feature is currently disabled' });
        expect((await gateway.refund(paid, '1.00')).json()).toEqual({ error: 'Refund feature is currently disabled' });
      } finally {
        await gateway.setConfig('refundEnabled', true);
      }
      expect((await read(paid.orderTransactionId)).json()).toEqual(untouched(paid, ngn));

      const unpaid = await gateway.unpaid(ngn);
      const requestsBefore = listRequests();
      expect((await read(unpaid.orderTransactionId)).json()).toEqual({
        orderTransactionId: unpaid.orderTransactionId,
        currency: ngn.isoCode,
        decimals: ngn.decimals,
        paid: '0.00',
        refunded: '0.00',
        pending: '0.00',
        refundable: '0.00',
        minimum: ngn.minimum,
        refusal: 'Transaction is not in a refundable state',
        source: 'none',
      });
      expect(listRequests()).toBe(requestsBefore);
    });

    /** How many refund list requests the simulator received. */
    function listRequests(): number {
      return shop.sim.requests.filter((r) => r.method === 'GET' && r.path.split('?')[0] === gateway.refundListPath).length;
    }

    it('502 when the gateway answers an error or has no key configured; no secret in any answer', async () => {
      const paid = await gateway.pay(ngn);
      const unavailable = {
        status: '502',
        code: `${gateway.codePrefix}__REFUND_BALANCE_UNAVAILABLE`,
        title: 'Bad Gateway',
        detail: `The refundable balance could not be read from ${gateway.gatewayName}. Please try again.`,
      };
      for (const status of [503, 401]) {
        gateway.shop.sim.injectFault({ method: 'GET', path: gateway.refundListPath, status, body: gateway.errorBody(`Invalid key ${gateway.secretKey} for this account`) });
        const answer = await read(paid.orderTransactionId);
        expect(answer.statusCode, String(status)).toBe(502);
        expect(answer.json()).toEqual({ errors: [unavailable] });
        expect(answer.body).not.toContain(gateway.secretKey);
      }

      await gateway.setConfig('secretKeySandbox', null);
      try {
        const answer = await read(paid.orderTransactionId);
        expect(answer.statusCode).toBe(502);
        expect(answer.json()).toEqual({
          errors: [{ ...unavailable, detail: `${gateway.gatewayName} has no secret key for the active mode; the refundable balance cannot be read.` }],
        });
      } finally {
        await gateway.setConfig('secretKeySandbox', gateway.secretKey);
      }
      expect((await read(paid.orderTransactionId)).json()).toEqual(untouched(paid, ngn));
    });

    it('is documented in the OpenAPI document: params, the answer, and the privilege the privilege matrix reads', async () => {
      const document = (await shop.t.api('GET', '/api/_info/openapi3.json')).json();
      const documentedPath = `${path}/{orderTransactionId}`;
      const operation = document.paths[documentedPath]?.get;
      expect(operation).toBeDefined();
      expect(neededPrivileges('GET', documentedPath, operation.description)).toEqual([READ_PRIVILEGE]);
      expect(operation.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'orderTransactionId', required: true })]);
      expect(Object.keys(operation.responses).sort()).toEqual(['200', '403', '404', '502']);
      expect(JSON.stringify(operation.responses['200'])).toContain('#/components/schemas/GatewayRefundableBalance');
      expect(Object.keys(document.components.schemas.GatewayRefundableBalance.properties).sort()).toEqual(
        ['currency', 'decimals', 'minimum', 'orderTransactionId', 'paid', 'pending', 'refundable', 'refunded', 'refusal', 'source'],
      );
    });

    // last: the simulator stays down for the rest of the file
    it('502 when the simulator is down', async () => {
      const paid = await gateway.pay(ngn);
      expect((await read(paid.orderTransactionId)).statusCode).toBe(200);
      await shop.sim.close();
      const answer = await read(paid.orderTransactionId);
      expect(answer.statusCode).toBe(502);
      expect(answer.json().errors).toEqual([
        expect.objectContaining({ code: `${gateway.codePrefix}__REFUND_BALANCE_UNAVAILABLE`, detail: `The refundable balance could not be read from ${gateway.gatewayName}. Please try again.` }),
      ]);
      expect(answer.body).not.toContain(gateway.secretKey);
    });
  });
}
