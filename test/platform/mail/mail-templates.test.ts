import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { removeOldBodies } from '../../../src/platform/mail/mail-log.js';
import { newId } from '../../../src/platform/ids.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createProduct } from '../checkout/checkout-fixtures.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';
import { finishedMails } from './mail-test-helpers.js';

/**
 * The embedded default (no MAILER_DSN: `.eml` files below VAR_DIR), templates through the generic Admin
 * API with their write checks, per sales channel templates and senders, the preview and test mail routes,
 * and the 30-day retention of bodies.
 */
let t: TestPlatform;
let client: StoreApiClient;

const PLATFORM_TYPES = [
  'contact_form',
  'customer.recovery.request',
  'customer_register',
  'customer_register.double_opt_in',
  'newsletterDoubleOptIn',
  'order.state.cancelled',
  'order_confirmation_mail',
  'order_transaction.state.paid',
  'order_transaction_capture_refund.state.completed',
];

beforeAll(async () => {
  t = await createTestPlatform();
  client = await createStoreApiClient(t);
  await t.platform.queue.startWorker(0.5);
});
afterAll(() => t.close());

async function typeId(technicalName: string): Promise<string> {
  const row = await t.platform.db.selectFrom('mail_template_type').select('id').where('technical_name', '=', technicalName).executeTakeFirstOrThrow();
  return row.id as string;
}

async function defaultTemplateId(technicalName: string): Promise<string> {
  const row = await t.platform.db
    .selectFrom('mail_template as m')
    .innerJoin('mail_template_type as tt', 'tt.id', 'm.mail_template_type_id')
    .select('m.id')
    .where('tt.technical_name', '=', technicalName)
    .where('m.sales_channel_id', 'is', null)
    .executeTakeFirstOrThrow();
  return row.id as string;
}

/** The `.eml` file a mail was written to, parsed. */
async function emlOf(fileName: string | null) {
  expect(fileName).toMatch(/^mails\/\d{8}T\d{6}Z-[\w.]+-[0-9a-f]{32}\.eml$/);
  return simpleParser(await readFile(path.join(t.platform.env.varDir, fileName!)));
}

describe('mail template types and templates through the Admin API', () => {
  it('every mail of the shop is a type with an English default template', async () => {
    const response = await t.api('POST', '/api/search/mail-template-type', { body: { associations: { mailTemplates: {} }, sort: [{ field: 'technicalName', order: 'ASC' }] } });
    expect(response.statusCode).toBe(200);
    const types = response.json().data as Array<{ technicalName: string; availableVariables: Record<string, string>; mailTemplates: Array<{ systemDefault: boolean; subject: string }> }>;
    expect(types.map((type) => type.technicalName)).toEqual(PLATFORM_TYPES);
    for (const type of types) {
      expect(type.mailTemplates, type.technicalName).toHaveLength(1);
      expect(type.mailTemplates[0]!.systemDefault).toBe(true);
      expect(Object.keys(type.availableVariables)).toContain('shopName');
    }
  });

  it('refuses a template that does not compile, with the field, the line and the message', async () => {
    const broken = await t.api('PATCH', `/api/mail-template/${await defaultTemplateId('order_confirmation_mail')}`, {
      body: { contentHtml: '<p>Hello</p>\n<p>{{ order.orderNumber }</p>' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0]).toMatchObject({
      code: 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION',
      source: { pointer: '/contentHtml' },
      detail: 'The value of "contentHtml" does not render: line 2: expected variable end.',
    });

    const unknownFilter = await t.api('POST', '/api/mail-template', {
      body: {
        mailTemplateTypeId: await typeId('order.state.cancelled'),
        salesChannelId: DEFAULT_SALES_CHANNEL_ID,
        subject: 'Cancelled: {{ order.orderNumber | shout }}',
        contentHtml: '<p>x</p>',
        contentPlain: 'x',
      },
    });
    expect(unknownFilter.statusCode).toBe(400);
    expect(unknownFilter.json().errors[0]).toMatchObject({ source: { pointer: '/subject' }, detail: 'The value of "subject" does not render: line 1: unknown filter "shout".' });
    expect(await t.platform.db.selectFrom('mail_template').select('id').where('sales_channel_id', '=', DEFAULT_SALES_CHANNEL_ID).execute()).toHaveLength(0);
  });

  it("mails with the sales channel's own template and sender, framed by the header and footer", async () => {
    await t.platform.systemConfig.set(t.platform.db, 'core.mailerSettings.senderAddress', 'orders@shop.example', DEFAULT_SALES_CHANNEL_ID);
    await t.platform.systemConfig.set(t.platform.db, 'core.mailerSettings.senderName', 'Mug Shop Orders', DEFAULT_SALES_CHANNEL_ID);
    const created = await t.api('POST', '/api/mail-template', {
      body: {
        mailTemplateTypeId: await typeId('order.state.cancelled'),
        salesChannelId: DEFAULT_SALES_CHANNEL_ID,
        subject: 'Order {{ order.orderNumber }} is off',
        contentHtml: '<p>Sorry, {{ order.orderCustomer.firstName }}: {{ order.amountTotal | currency(order.currency) }} will not be charged.</p>',
        contentPlain: 'Sorry, {{ order.orderCustomer.firstName }}: {{ order.amountTotal | currency(order.currency) }} will not be charged.',
      },
    });
    expect(created.statusCode, created.body).toBe(204);

    const email = 'changed-my-mind@example.com';
    const token = await client.registerCustomer({ email });
    const product = await createProduct(t.platform, { gross: 20 });
    await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 1 }] } });
    const order = (await client.storeApi('POST', '/store-api/checkout/order', { token, body: {} })).json();
    expect((await t.api('POST', `/api/_action/order/${order.id}/state/cancel`)).statusCode).toBe(200);

    const [logged] = await finishedMails(t.platform, 'order.state.cancelled', email);
    expect(logged).toMatchObject({ state: 'sent', transport: 'file', subject: `Order ${order.orderNumber} is off` });
    const eml = await emlOf(logged!.file_name);
    expect(eml.from?.value[0]).toEqual({ address: 'orders@shop.example', name: 'Mug Shop Orders' });
    expect(eml.to && !Array.isArray(eml.to) ? eml.to.value[0]?.address : undefined).toBe(email);
    expect(eml.subject).toBe(`Order ${order.orderNumber} is off`);
    expect(eml.text).toBe(`Demo Shop\n\nSorry, Ada: €24.99 will not be charged.\n\n-- \nDemo Shop · http://localhost:8000\n`);
    expect(eml.html).toContain('<p>Sorry, Ada: €24.99 will not be charged.</p>');
    // the other channels keep the default template
    await t.platform.systemConfig.set(t.platform.db, 'core.mailerSettings.senderAddress', null, DEFAULT_SALES_CHANNEL_ID);
    await t.platform.systemConfig.set(t.platform.db, 'core.mailerSettings.senderName', null, DEFAULT_SALES_CHANNEL_ID);
  });
});

describe('templates kept per process', () => {
  it('an edit applies to the very next mail of its type', async () => {
    const first = await client.registerCustomerAccount();
    expect((await finishedMails(t.platform, 'customer_register', first.email))[0]).toMatchObject({ state: 'sent', subject: 'Welcome to Demo Shop' });
    const id = await defaultTemplateId('customer_register');
    expect((await t.api('PATCH', `/api/mail-template/${id}`, { body: { subject: 'Hello {{ customer.firstName }}, welcome' } })).statusCode).toBe(204);
    const second = await client.registerCustomerAccount();
    expect((await finishedMails(t.platform, 'customer_register', second.email))[0]).toMatchObject({ state: 'sent', subject: 'Hello Ada, welcome' });
  });
});

describe('POST /api/_action/mail-template/preview', () => {
  it("renders a type's template with its example data, or what the body gives", async () => {
    const preview = await t.api('POST', '/api/_action/mail-template/preview', { body: { mailTemplateTypeId: await typeId('order_confirmation_mail') } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ subject: 'Your order 10042 at Demo Shop', senderName: 'Demo Shop' });
    expect(preview.json().contentPlain).toContain('1 x Coffee mug no. 1 (SW-1001): €12.50 each, €12.50');

    const edited = await t.api('POST', '/api/_action/mail-template/preview', {
      body: { mailTemplateId: await defaultTemplateId('customer_register'), subject: 'Hi {{ customer.firstName | upper }}', templateData: { customer: { firstName: 'Grace' } } },
    });
    expect(edited.json().subject).toBe('Hi GRACE');
  });

  it('answers a template that does not render with the field and its line', async () => {
    const response = await t.api('POST', '/api/_action/mail-template/preview', {
      body: { mailTemplateTypeId: await typeId('customer_register'), contentHtml: '<p>\n{% for x in customer %}\n{{ x | nope }}\n{% endfor %}' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'MAIL__TEMPLATE_RENDER_ERROR',
      source: { pointer: '/contentHtml' },
      detail: 'The value of "contentHtml" does not render: line 3: unknown filter "nope".',
      meta: { parameters: { field: 'contentHtml', line: 3 } },
    });
  });

  it('needs mail_template:update, checked before the body', async () => {
    const reader = await t.tokenWithPrivileges(['mail_template:read', 'mail_template_type:read']);
    for (const route of ['/api/_action/mail-template/preview', '/api/_action/mail-template/send']) {
      const response = await t.api('POST', route, { token: reader, body: {} });
      expect(response.statusCode, route).toBe(403);
      expect(response.json().errors[0].code).toBe('FRAMEWORK__MISSING_PRIVILEGE_ERROR');
    }
  });
});

describe('POST /api/_action/mail-template/send (the embedded default writes .eml files)', () => {
  it('queues a test mail that the worker writes to VAR_DIR/mails and lists in the mail log', async () => {
    const response = await t.api('POST', '/api/_action/mail-template/send', {
      body: {
        recipients: { 'merchant@example.com': 'The Merchant' },
        salesChannelId: DEFAULT_SALES_CHANNEL_ID,
        subject: 'Test from {{ shopName }}',
        senderName: '{{ shopName }} tests',
        contentHtml: '<p>It works, {{ who }}.</p>',
        contentPlain: 'It works, {{ who }}.',
        mailTemplateData: { who: '<you>' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().size).toBeGreaterThan(0);

    const [logged] = await finishedMails(t.platform, 'test_mail', 'merchant@example.com');
    expect(logged).toMatchObject({ state: 'sent', attempts: 1, transport: 'file', subject: 'Test from Demo Shop' });
    const eml = await emlOf(logged!.file_name);
    expect(eml.subject).toBe('Test from Demo Shop');
    expect(eml.from?.value[0]).toEqual({ address: 'no-reply@localhost', name: 'Demo Shop tests' });
    expect(eml.html).toContain('<p>It works, &lt;you&gt;.</p>');
    expect(eml.text).toContain('It works, <you>.');

    const list = await t.api('POST', '/api/search/mail-log', { body: { filter: [{ type: 'equals', field: 'typeTechnicalName', value: 'test_mail' }] } });
    expect(list.json().data[0]).toMatchObject({ state: 'sent', fileName: logged!.file_name, recipients: [{ address: 'merchant@example.com', name: 'The Merchant' }] });
    expect((await t.api('POST', '/api/mail-log', { body: { typeTechnicalName: 'x' } })).statusCode).not.toBe(204);
  });

  it('refuses a template that does not render and a recipient that is no address', async () => {
    const body = { recipients: { 'merchant@example.com': 'M' }, salesChannelId: DEFAULT_SALES_CHANNEL_ID, subject: 'S', senderName: 'N', contentHtml: '{{ x.y(', contentPlain: 'p' };
    const broken = await t.api('POST', '/api/_action/mail-template/send', { body });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0]).toMatchObject({ code: 'MAIL__TEMPLATE_RENDER_ERROR', source: { pointer: '/contentHtml' } });
    const noAddress = await t.api('POST', '/api/_action/mail-template/send', { body: { ...body, contentHtml: 'ok', recipients: { 'not an address': 'M' } } });
    expect(noAddress.statusCode).toBe(400);
  });
});

describe('the contact form mail', () => {
  const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'visitor@example.com', phone: '', subject: 'Mugs', comment: 'Do you ship\nto Kigali?' };

  it("goes to the shop owner's address, answerable to the visitor; without an owner's address it fails saying why", async () => {
    await t.platform.mail.enqueue(t.platform.db, { type: 'contact_form', salesChannelId: DEFAULT_SALES_CHANNEL_ID, replyTo: { address: contact.email, name: 'Ada Lovelace' }, variables: { contactFormData: contact } });
    const [failed] = await finishedMails(t.platform, 'contact_form', undefined);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, last_error: 'the contact_form mail has no recipient' });

    await t.platform.systemConfig.set(t.platform.db, 'core.basicInformation.email', 'owner@shop.example', DEFAULT_SALES_CHANNEL_ID);
    await t.platform.mail.enqueue(t.platform.db, { type: 'contact_form', salesChannelId: DEFAULT_SALES_CHANNEL_ID, replyTo: { address: contact.email, name: 'Ada Lovelace' }, variables: { contactFormData: contact } });
    const [sent] = await finishedMails(t.platform, 'contact_form', 'owner@shop.example');
    expect(sent).toMatchObject({ state: 'sent', subject: 'Contact form: Mugs' });
    const eml = await emlOf(sent!.file_name);
    expect(eml.replyTo?.value[0]).toEqual({ address: 'visitor@example.com', name: 'Ada Lovelace' });
    // the owner's address is also the channel's sender when no sender address is set
    expect(eml.from?.value[0]?.address).toBe('owner@shop.example');
    expect(eml.html).toContain('Do you ship<br />\nto Kigali?');
    await t.platform.systemConfig.set(t.platform.db, 'core.basicInformation.email', null, DEFAULT_SALES_CHANNEL_ID);
  });
});

describe('the mail log keeps bodies 30 days', () => {
  it('removes the bodies of mails older than that, keeping their subjects, and leaves younger mails alone', async () => {
    const old = newId();
    const recent = newId();
    for (const [id, age] of [
      [old, '31 days'],
      [recent, '29 days'],
    ] as const) {
      await sql`INSERT INTO mail_log (id, type_technical_name, dedupe_key, state, subject, content_html, content_plain, created_at)
        VALUES (${id}, 'test_mail', ${`retention:${id}`}, 'sent', 'Kept subject', '<p>body</p>', 'body', now() - ${age}::interval)`.execute(t.platform.db);
    }
    expect(await removeOldBodies(t.platform.db)).toBeGreaterThanOrEqual(1);
    const rows = await t.platform.db.selectFrom('mail_log').select(['id', 'subject', 'content_html', 'content_plain', 'bodies_removed_at']).where('id', 'in', [old, recent]).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(old)).toMatchObject({ subject: 'Kept subject', content_html: null, content_plain: null });
    expect(byId.get(old)!.bodies_removed_at).not.toBeNull();
    expect(byId.get(recent)).toMatchObject({ content_html: '<p>body</p>', content_plain: 'body', bodies_removed_at: null });
  });
});
