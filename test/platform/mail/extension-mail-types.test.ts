import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extension, ExtensionHost, MailTypeDeclaration } from '../../../src/platform/sdk/index.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { finishedMails, mailLog, queueSettled } from './mail-test-helpers.js';

/** An extension adds a mail type through the SDK, edits stay the merchant's, and its mails go through the shop's queue. */
const shipped: MailTypeDeclaration = {
  technicalName: 'ext_tracking.shipped',
  name: 'Parcel shipped',
  availableVariables: { trackingUrl: "The carrier's tracking page." },
  templateData: { trackingUrl: 'https://carrier.example/t/123' },
  defaultTemplate: {
    subject: 'Your parcel is on its way',
    senderName: '{{ shopName }}',
    contentHtml: '<p><a href="{{ trackingUrl }}">Track it</a></p>',
    contentPlain: 'Track it: {{ trackingUrl }}',
  },
};

const extension: Extension = {
  name: 'ExtTracking',
  version: '1.0.0',
  install: ({ host, uow }) => host.mail.installTypes(uow, [shipped]),
};

let t: TestPlatform;
let host: ExtensionHost;

beforeAll(async () => {
  t = await createTestPlatform({ extensions: [extension] });
  host = t.platform.extensions.hostOf('ExtTracking');
  await t.platform.queue.startWorker(0.5);
});
afterAll(() => t.close());

describe('mail types of extensions (host.mail)', () => {
  it('installs the type with its template; a second install keeps the merchant\'s edits', async () => {
    const types = await t.api('POST', '/api/search/mail-template-type', { body: { filter: [{ type: 'equals', field: 'technicalName', value: 'ext_tracking.shipped' }], associations: { mailTemplates: {} } } });
    const [type] = types.json().data;
    expect(type).toMatchObject({ name: 'Parcel shipped', availableVariables: shipped.availableVariables });
    const template = type.mailTemplates[0];
    expect((await t.api('PATCH', `/api/mail-template/${template.id}`, { body: { subject: 'Shipped! {{ trackingUrl | length }}' } })).statusCode).toBe(204);
    await host.transaction((uow) => host.mail.installTypes(uow, [{ ...shipped, name: 'Parcel handed to the carrier' }]));
    const again = (await t.api('GET', `/api/mail-template/${template.id}`)).json().data;
    expect(again.subject).toBe('Shipped! {{ trackingUrl | length }}');
  });

  it('sends with the variables given, secrets masked in the log, and sends nothing from a suppressed unit of work', async () => {
    const link = 'https://carrier.example/t/SECRETTOKEN0123456789abcdef';
    const address = 'parcel-owner@example.com';
    const mailId = await host.transaction((uow) => host.mail.send(uow, { type: 'ext_tracking.shipped', to: [{ address, name: 'Owner' }], secrets: { trackingUrl: link } }));
    expect(mailId).toMatch(/^[0-9a-f]{32}$/);
    const [logged] = await finishedMails(t.platform, 'ext_tracking.shipped', address);
    expect(logged).toMatchObject({ state: 'sent', transport: 'file' });
    expect(logged!.content_plain).toContain('Track it: [hidden]');
    expect(logged!.content_html).not.toContain('SECRETTOKEN');

    const suppressed = await host.transaction(async (uow) => {
      host.mail.suppress(uow);
      return host.mail.send(uow, { type: 'ext_tracking.shipped', to: [{ address: 'nobody@example.com' }], variables: { trackingUrl: 'x' } });
    });
    expect(suppressed).toBeUndefined();
    await queueSettled(t.platform);
    expect(await mailLog(t.platform, 'ext_tracking.shipped', 'nobody@example.com')).toHaveLength(0);
  });
});
