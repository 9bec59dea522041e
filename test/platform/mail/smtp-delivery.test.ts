import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createProduct, TAX_REDUCED, transactionState } from '../checkout/checkout-fixtures.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';
import { finishedMails, mailLog, queueSettled } from './mail-test-helpers.js';
import { SMTP_PASSWORD, startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.js';

const euro = (amount: number) => `€${amount.toFixed(2)}`;

/**
 * Mails through a real SMTP server (smtp-server on loopback, with a login): the shop's mails arrive once,
 * with what they must say, and a server that refuses a recipient ends the mail `failed` without touching
 * the order it is about.
 */
describe('mails over SMTP (MAILER_DSN)', () => {
  let smtp: SmtpTestServer;
  let t: TestPlatform;
  let client: StoreApiClient;

  beforeAll(async () => {
    smtp = await startSmtpTestServer({ refuse: { 'gone-': 550, 'greylisted-': 451 } });
    t = await createTestPlatform({ env: { mailerDsn: smtp.dsn, mailRetryLimit: 2, mailRetryDelaySeconds: 1 } });
    client = await createStoreApiClient(t);
    await t.platform.queue.startWorker(0.5);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  interface PlacedOrder {
    orderId: string;
    orderNumber: string;
    amountTotal: number;
    transactionId: string;
    taxes: Array<{ taxRate: number; tax: number }>;
  }

  async function placeOrder(email: string): Promise<PlacedOrder> {
    const token = await client.registerCustomer({ email });
    const mug = await createProduct(t.platform, { gross: 12.5, stock: 50 });
    const book = await createProduct(t.platform, { gross: 21.4, stock: 50, taxId: TAX_REDUCED });
    const items = [
      { type: 'product', referencedId: mug, quantity: 2 },
      { type: 'product', referencedId: book, quantity: 1 },
    ];
    expect((await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items } })).statusCode).toBe(200);
    const placed = await client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json();
    return { orderId: order.id, orderNumber: order.orderNumber, amountTotal: order.amountTotal, transactionId: order.transactions[0].id, taxes: order.price.calculatedTaxes };
  }

  it('an order placed through the Store API yields one order confirmation with its lines, totals, taxes, addresses and methods', async () => {
    const email = 'confirm-me@example.com';
    const { orderNumber, orderId, amountTotal, taxes } = await placeOrder(email);
    expect(taxes.map((tax) => tax.taxRate).sort()).toEqual([19, 7]);

    const [logged] = await finishedMails(t.platform, 'order_confirmation_mail', email);
    expect(logged).toMatchObject({ state: 'sent', attempts: 1, transport: 'smtp', order_id: orderId });
    const mails = smtp.mailsTo(email).filter((mail) => mail.parsed.subject?.includes(orderNumber));
    expect(mails).toHaveLength(1);
    const { parsed } = mails[0]!;
    expect(parsed.subject).toBe(`Your order ${orderNumber} at Demo Shop`);
    expect(parsed.from?.value[0]).toMatchObject({ address: 'no-reply@localhost', name: 'Demo Shop' });
    const text = parsed.text ?? '';
    expect(text).toContain('2 x Product');
    expect(text).toContain('€12.50 each, €25.00');
    expect(text).toContain('€21.40 each, €21.40');
    expect(text).toContain('Shipping: €4.99');
    expect(text).toContain(`Total: ${euro(amountTotal)}`);
    for (const { taxRate, tax } of taxes) expect(text).toContain(`plus ${taxRate} % tax: ${euro(tax)}`);
    expect(text).toContain('Hauptstraße 1');
    expect(text).toContain('Payment method: Invoice');
    expect(text).toContain('Shipping method: Standard');
    expect(parsed.html).toContain(`<strong>${euro(amountTotal)}</strong>`);
  });

  it('a paid transition yields one payment mail, also when it is asked for twice at once and once more afterwards', async () => {
    const email = 'pays-once@example.com';
    const { transactionId, orderNumber, amountTotal } = await placeOrder(email);
    const pay = () => t.api('POST', `/api/_action/order_transaction/${transactionId}/state/paid`);
    const answers = await Promise.all([pay(), pay()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await pay()).statusCode).toBe(200);
    expect(await transactionState(t.platform, transactionId)).toBe('paid');

    const logged = await finishedMails(t.platform, 'order_transaction.state.paid', email);
    await queueSettled(t.platform);
    expect(await mailLog(t.platform, 'order_transaction.state.paid', email)).toHaveLength(1);
    expect(logged[0]).toMatchObject({ state: 'sent', attempts: 1 });
    const mails = smtp.mailsTo(email).filter((mail) => mail.parsed.subject === `Payment received for your order ${orderNumber}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.text).toContain(`we have received your payment of ${euro(amountTotal)} (Invoice) for your order ${orderNumber}`);
  });

  it('the same event queued twice (a redelivery the state machine did not absorb) is mailed once', async () => {
    const email = 'dedupe@example.com';
    const { transactionId, orderId } = await placeOrder(email);
    const dedupeKey = `order_transaction.state.paid:${transactionId}:state_enter.order_transaction.state.paid`;
    const request = { type: 'order_transaction.state.paid', dedupeKey, references: { orderId, orderTransactionId: transactionId } };
    await transaction(t.platform.db, (uow) => t.platform.mail.enqueue(uow, request));
    await transaction(t.platform.db, (uow) => t.platform.mail.enqueue(uow, request));
    await finishedMails(t.platform, 'order_transaction.state.paid', email);
    await queueSettled(t.platform);
    expect(await mailLog(t.platform, 'order_transaction.state.paid', email)).toHaveLength(1);
    expect(smtp.mailsTo(email).filter((mail) => mail.parsed.subject?.startsWith('Payment received'))).toHaveLength(1);
  });

  it('a recipient the server refuses for good ends `failed` after one attempt with its answer; the order is placed and can be paid', async () => {
    const email = 'gone-customer@example.com';
    const { orderId, transactionId } = await placeOrder(email);
    const [logged] = await finishedMails(t.platform, 'order_confirmation_mail', email);
    expect(logged).toMatchObject({ state: 'failed', attempts: 1, order_id: orderId });
    expect(logged!.last_error).toContain('550');
    expect(logged!.last_error).toContain('unavailable');
    expect(logged!.last_error).not.toContain(SMTP_PASSWORD);
    expect(smtp.mailsTo(email)).toHaveLength(0);

    const order = await t.platform.repositories.get('order').get(orderId, systemContext);
    expect(order?.orderNumber).toBeTruthy();
    expect((await t.api('POST', `/api/_action/order_transaction/${transactionId}/state/paid`)).statusCode).toBe(200);
    expect(await transactionState(t.platform, transactionId)).toBe('paid');
  });

  it('a recipient refused for now is retried with back-off and ends `failed` once the retries are used up, attempts counted', async () => {
    const email = 'greylisted-customer@example.com';
    const { orderId } = await placeOrder(email);
    const [logged] = await finishedMails(t.platform, 'order_confirmation_mail', email);
    // MAIL_RETRY_LIMIT 2: the first attempt and two retries
    expect(logged).toMatchObject({ state: 'failed', attempts: 3, order_id: orderId });
    expect(logged!.last_error).toContain('451');
    expect(smtp.mailsTo(email)).toHaveLength(0);
    expect(await t.platform.repositories.get('order').get(orderId, systemContext)).toBeDefined();
  });
});

describe('a mail server that refuses the login', () => {
  it('keeps the server\'s answer and never the password in the log', async () => {
    const smtp = await startSmtpTestServer();
    const wrongPassword = 'not-the-Pa55word-42';
    const t = await createTestPlatform({ env: { mailerDsn: smtp.dsn.replace(encodeURIComponent(SMTP_PASSWORD), wrongPassword), mailRetryLimit: 0 } });
    try {
      await t.platform.queue.startWorker(0.5);
      const email = 'someone@example.com';
      await t.platform.mail.enqueue(t.platform.db, {
        type: 'contact_form',
        to: [{ address: email }],
        variables: { contactFormData: { firstName: 'A', lastName: 'B', email, subject: 'Hi', comment: 'Hello' } },
      });
      const [logged] = await finishedMails(t.platform, 'contact_form', email);
      expect(logged).toMatchObject({ state: 'failed', attempts: 1 });
      expect(logged!.last_error).toContain('535');
      for (const encoded of [wrongPassword, Buffer.from(wrongPassword).toString('base64')]) expect(logged!.last_error).not.toContain(encoded);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
