import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extPayB } from '../../../src/extensions/pay-b/index.js';
import { openDatabase } from '../../../src/platform/database/connection.js';
import { buildApp } from '../../../src/platform/http/app.js';
import { Platform } from '../../../src/platform/kernel.js';
import { testEnv } from '../../helpers/test-env.js';
import { createPayBOrderFixture, startFixturePayment, startPayBTest, stateOf, TEST_WEBHOOK_HASH, type PayBTest } from '../../extensions/pay-b/pay-b-test-setup.js';
import { REFUND_ROUTE } from '../../extensions/pay-b/refund/refund-test-setup.js';
import { queueSettled, type MailLogRow } from './mail-test-helpers.js';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.js';

/**
 * The payment mails of a gateway (gateway D on its simulator): the webhook that settles a payment and the
 * one that completes a refund, each delivered eight times at once over two processes (on PostgreSQL a
 * second platform on the same database, with a worker of its own, stands for the second process; on the
 * embedded database there is one), mail the customer once.
 */
let smtp: SmtpTestServer;
let pay: PayBTest;
let second: { platform: Platform; app: FastifyInstance } | undefined;
let apps: FastifyInstance[];

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  const env = { mailerDsn: smtp.dsn, mailRetryLimit: 0 };
  pay = await startPayBTest({ listen: true, simulator: { autoWebhooks: false, refundWebhooks: false }, platform: { env } });
  await pay.platform.queue.startWorker(0.5);
  apps = [pay.t.app];
  if (pay.platform.database.kind !== 'postgres') return;
  const connectionString = (pay.platform.database.pool.options as { connectionString: string }).connectionString;
  const platform = await Platform.boot({ env: testEnv(env), extensions: [extPayB], database: await openDatabase({ databaseUrl: connectionString, maxConnections: 5 }) });
  const app = await buildApp(platform);
  await app.ready();
  await platform.queue.startWorker(0.5);
  second = { platform, app };
  apps.push(app);
});
afterAll(async () => {
  await second?.app.close();
  await second?.platform.close();
  await pay.close();
  await smtp.close();
});

/** Delivers one body eight times at once, alternating between the processes; the statuses. */
async function deliverEverywhere(body: unknown): Promise<number[]> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      apps[i % apps.length]!.inject({ method: 'POST', url: '/pay-b/webhook', headers: { 'content-type': 'application/json', 'verif-hash': TEST_WEBHOOK_HASH }, payload }),
    ),
  );
  return answers.map((answer) => answer.statusCode);
}

/** The mails of a type about one order once the queue is done (fixture orders share their customer's address). */
async function mailsOfOrder(type: string, orderId: string): Promise<MailLogRow[]> {
  const read = async () => (await pay.platform.db.selectFrom('mail_log').selectAll().where('type_technical_name', '=', type).where('order_id', '=', orderId).execute()) as MailLogRow[];
  const deadline = Date.now() + 60_000;
  while (!(await read()).some((row) => row.state !== 'queued') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  await queueSettled(pay.platform);
  return read();
}

/** The refund.completed body the simulator sends, caught on its way (nothing reaches the shop). */
async function refundWebhookBody(refundId: number): Promise<string> {
  let caught = '';
  const catcher: Server = createServer((request, response) => {
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (caught += chunk));
    request.on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', () => resolve()));
  pay.sim.setWebhookUrl(`http://127.0.0.1:${(catcher.address() as AddressInfo).port}/`);
  try {
    await pay.sim.sendRefundWebhook(refundId, { status: 'completed' });
  } finally {
    pay.sim.setWebhookUrl(pay.webhookUrl!);
    await new Promise<void>((resolve) => catcher.close(() => resolve()));
  }
  return caught;
}

describe('payment mails of gateway webhooks, delivered eight times at once over two processes', () => {
  it('charge.completed mails the payment once', async () => {
    expect(apps).toHaveLength(pay.platform.database.kind === 'postgres' ? 2 : 1);
    const fixture = await createPayBOrderFixture(pay.platform, { isoCode: 'USD', amountMinor: 4200 });
    await startFixturePayment(pay.platform, fixture);
    const { transactionId } = await pay.sim.completePayment(fixture.orderTransactionId, 'successful');
    expect(await deliverEverywhere({ event: 'charge.completed', data: pay.sim.transaction(transactionId!) })).toEqual(Array(8).fill(200));
    expect(await stateOf(pay.platform, fixture.orderTransactionId)).toBe('paid');

    const mails = await mailsOfOrder('order_transaction.state.paid', fixture.orderId);
    expect(mails.map((mail) => [mail.state, mail.attempts])).toEqual([['sent', 1]]);
    const received = smtp.received.filter((mail) => mail.parsed.messageId === `<${mails[0]!.id}@localhost>`);
    expect(received).toHaveLength(1);
    expect(received[0]!.parsed.text).toContain('we have received your payment of $42.00');
  });

  it('refund.completed mails the refund once, with its amount and currency', async () => {
    const fixture = await createPayBOrderFixture(pay.platform, { isoCode: 'USD', amountMinor: 5000 });
    await startFixturePayment(pay.platform, fixture);
    const { transactionId } = await pay.sim.completePayment(fixture.orderTransactionId, 'successful');
    expect(await deliverEverywhere({ event: 'charge.completed', data: pay.sim.transaction(transactionId!) })).toEqual(Array(8).fill(200));

    const requested = await pay.t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: fixture.orderTransactionId, amount: 12.5 } });
    expect(requested.statusCode, requested.body).toBe(200);
    const body = await refundWebhookBody(requested.json().data.id as number);
    expect(await deliverEverywhere(body)).toEqual(Array(8).fill(200));
    expect(await stateOf(pay.platform, fixture.orderTransactionId)).toBe('refunded_partially');

    const mails = await mailsOfOrder('order_transaction_capture_refund.state.completed', fixture.orderId);
    expect(mails.map((mail) => [mail.state, mail.attempts])).toEqual([['sent', 1]]);
    expect(mails[0]!.subject).toMatch(/^Refund of \$12\.50 for your order /);
    const received = smtp.received.filter((mail) => mail.parsed.messageId === `<${mails[0]!.id}@localhost>`);
    expect(received).toHaveLength(1);
    expect(received[0]!.parsed.text).toContain('we have refunded $12.50 (USD) for your order');
  });
});
