import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookHandler } from '../../../src/extensions/pay-b/webhook/handle-webhook.js';
import type { Platform } from '../../../src/platform/kernel.js';
import { createPayBOrderFixture, startFixturePayment, startPayBTest, stateOf, TEST_WEBHOOK_HASH, type PayBTest } from '../../extensions/pay-b/pay-b-test-setup.js';
import { REFUND_ROUTE } from '../../extensions/pay-b/refund/refund-test-setup.js';
import { queueSettled, type MailLogRow } from './mail-test-helpers.js';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.js';

/**
 * The payment mails of a gateway (gateway D on its simulator): the webhook that settles a payment and the
 * one that completes a refund, each delivered several times at once (over HTTP and through a second
 * handler, as another app process would), mail the customer once.
 */
let smtp: SmtpTestServer;
let pay: PayBTest;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  pay = await startPayBTest({ listen: true, simulator: { autoWebhooks: false, refundWebhooks: false }, platform: { env: { mailerDsn: smtp.dsn, mailRetryLimit: 0 } } });
  await pay.platform.queue.startWorker(0.5);
});
afterAll(async () => {
  await pay.close();
  await smtp.close();
});

/** The finished mails of a type about one order (fixture orders share their customer's address). */
async function mailsOfOrder(platform: Platform, type: string, orderId: string): Promise<MailLogRow[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = (await platform.db.selectFrom('mail_log').selectAll().where('type_technical_name', '=', type).where('order_id', '=', orderId).execute()) as MailLogRow[];
    if (rows.some((row) => row.state !== 'queued') || Date.now() > deadline) {
      await queueSettled(platform);
      return (await platform.db.selectFrom('mail_log').selectAll().where('type_technical_name', '=', type).where('order_id', '=', orderId).execute()) as MailLogRow[];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function postWebhook(body: unknown): Promise<Response> {
  return fetch(pay.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json', 'verif-hash': TEST_WEBHOOK_HASH }, body: JSON.stringify(body) });
}

describe('payment mails of gateway webhooks', () => {
  it('a charge.completed delivered four times at once, one of them to another handler, mails the payment once', async () => {
    const fixture = await createPayBOrderFixture(pay.platform, { isoCode: 'USD', amountMinor: 4200 });
    await startFixturePayment(pay.platform, fixture);
    const { transactionId } = await pay.sim.completePayment(fixture.orderTransactionId, 'successful');
    const body = { event: 'charge.completed', data: pay.sim.transaction(transactionId!) };
    const otherProcess = createWebhookHandler(pay.host);
    const answers = await Promise.all([postWebhook(body), postWebhook(body), postWebhook(body), otherProcess({ verifHash: TEST_WEBHOOK_HASH, rawBody: Buffer.from(JSON.stringify(body)) })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await stateOf(pay.platform, fixture.orderTransactionId)).toBe('paid');

    const mails = await mailsOfOrder(pay.platform, 'order_transaction.state.paid', fixture.orderId);
    expect(mails.map((mail) => [mail.state, mail.attempts])).toEqual([['sent', 1]]);
    const received = smtp.received.filter((mail) => mail.parsed.messageId === `<${mails[0]!.id}@localhost>`);
    expect(received).toHaveLength(1);
    expect(received[0]!.parsed.text).toContain('we have received your payment of $42.00');
  });

  it('a refund completed by its webhook, delivered three times at once and once more afterwards, mails the refund once with its amount and currency', async () => {
    const fixture = await createPayBOrderFixture(pay.platform, { isoCode: 'USD', amountMinor: 5000 });
    await startFixturePayment(pay.platform, fixture);
    const { transactionId } = await pay.sim.completePayment(fixture.orderTransactionId, 'successful');
    expect((await postWebhook({ event: 'charge.completed', data: pay.sim.transaction(transactionId!) })).status).toBe(200);

    const requested = await pay.t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: fixture.orderTransactionId, amount: 12.5 } });
    expect(requested.statusCode, requested.body).toBe(200);
    const refundId = requested.json().data.id as number;
    const deliveries = await Promise.all([pay.sim.sendRefundWebhook(refundId, { status: 'completed' }), pay.sim.sendRefundWebhook(refundId), pay.sim.sendRefundWebhook(refundId)]);
    deliveries.push(await pay.sim.sendRefundWebhook(refundId));
    for (const delivery of deliveries) expect(delivery).toMatchObject({ delivered: true, statuses: [200] });
    expect(await stateOf(pay.platform, fixture.orderTransactionId)).toBe('refunded_partially');

    const mails = await mailsOfOrder(pay.platform, 'order_transaction_capture_refund.state.completed', fixture.orderId);
    expect(mails.map((mail) => [mail.state, mail.attempts])).toEqual([['sent', 1]]);
    expect(mails[0]!.subject).toMatch(/^Refund of \$12\.50 for your order /);
    const [received] = smtp.received.filter((mail) => mail.parsed.messageId === `<${mails[0]!.id}@localhost>`);
    expect(received?.parsed.text).toContain('we have refunded $12.50 (USD) for your order');
  });
});
