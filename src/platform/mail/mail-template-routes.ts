import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requirePrivileges } from '../acl/context.js';
import { AppError, errors } from '../errors/app-error.js';
import { documentedOnly, errorResponses, Id, typed } from '../http/schemas/index.js';
import type { PlatformServices } from '../platform-services.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { frameOf, templateOf } from './mail-composer.js';
import { commonVariables } from './mail-settings.js';
import type { MailTemplateContent } from './mail-type.js';
import { MailRenderProblem, renderMail, type RenderedMail } from './rendering/render-mail.js';

const PRIVILEGE = 'mail_template:update';
const TEMPLATE_TEXT = { maxLength: 1_000_000 };
/** A test mail goes to a handful of people, not to a mailing list. */
const MAX_RECIPIENTS = 20;
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;
/** The log's type of a test mail sent without a template type. */
const TEST_MAIL_TYPE = 'test_mail';

const TemplateFields = {
  subject: Type.Optional(Type.String(TEMPLATE_TEXT)),
  senderName: Type.Optional(Type.String(TEMPLATE_TEXT)),
  contentHtml: Type.Optional(Type.String(TEMPLATE_TEXT)),
  contentPlain: Type.Optional(Type.String(TEMPLATE_TEXT)),
};

const PreviewBody = Type.Object(
  {
    mailTemplateId: Type.Optional(Id({ description: 'A saved template: its fields are rendered unless the body gives others.' })),
    mailTemplateTypeId: Type.Optional(Id({ description: "A type: its template of the sales channel (else the default), and its example data." })),
    salesChannelId: Type.Optional(Id({ description: 'Whose template, header and footer, sender and shop name (default: none, the defaults).' })),
    ...TemplateFields,
    templateData: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "Variables to render with (default: the type's example data)." })),
  },
  { description: 'What to render: the fields given, over a saved template or a type\'s.' },
);

const SendBody = Type.Object(
  {
    recipients: Type.Record(Type.String(), Type.String(), { description: 'Address → name, e.g. `{"ada@example.com": "Ada Lovelace"}`.' }),
    salesChannelId: Id({ description: 'Whose sender, header and footer.' }),
    subject: Type.String({ ...TEMPLATE_TEXT, minLength: 1 }),
    senderName: Type.String({ ...TEMPLATE_TEXT, minLength: 1 }),
    contentHtml: Type.String({ ...TEMPLATE_TEXT, minLength: 1 }),
    contentPlain: Type.String({ ...TEMPLATE_TEXT, minLength: 1 }),
    mailTemplateData: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "Variables to render with (default: the type's example data)." })),
    mailTemplateTypeId: Type.Optional(Id({ description: 'The type the mail is logged as (default `test_mail`).' })),
  },
  { description: "Shopware's test mail: the template is rendered, queued and sent like any mail." },
);

const RenderedMailResponse = documentedOnly(
  Type.Object({ subject: Type.String(), senderName: Type.String(), contentHtml: Type.String(), contentPlain: Type.String() }, { description: 'The rendered mail, framed by the header and footer.' }),
);

/**
 * `POST /api/_action/mail-template/preview` renders a template (saved, or as being edited) with example
 * or given data; `POST /api/_action/mail-template/send` (Shopware's) queues a test mail. A template that
 * does not render answers 400 `MAIL__TEMPLATE_RENDER_ERROR` at the field's pointer, with the line.
 */
type MailTemplateRouteDeps = Pick<PlatformServices, 'db' | 'mail' | 'systemConfig' | 'env'>;

export function registerMailTemplateRoutes(app: FastifyInstance, platform: MailTemplateRouteDeps): void {
  const routes = typed(app);
  // the privilege before the body's validation: a caller without it learns nothing about the route's input
  const preValidation = async (request: FastifyRequest) => requirePrivileges(request.apiContext, [PRIVILEGE]);

  routes.post(
    '/api/_action/mail-template/preview',
    {
      schema: {
        tags: ['Mail'],
        summary: 'Render a mail template',
        description: `Needs \`${PRIVILEGE}\`.`,
        body: PreviewBody,
        response: {
          200: RenderedMailResponse,
          ...errorResponses({ 400: 'A malformed body, or a template that does not render (MAIL__TEMPLATE_RENDER_ERROR, with the line).', 403: `Missing ${PRIVILEGE}.`, 404: 'No such template or type.' }),
        },
      },
      preValidation,
    },
    async (request) => {
      const body = request.body;
      const salesChannelId = body.salesChannelId ?? null;
      const base = await baseTemplate(platform, body.mailTemplateId, body.mailTemplateTypeId, salesChannelId);
      const template: MailTemplateContent = {
        subject: body.subject ?? base?.template?.subject ?? '',
        senderName: body.senderName ?? base?.template?.senderName ?? null,
        contentHtml: body.contentHtml ?? base?.template?.contentHtml ?? '',
        contentPlain: body.contentPlain ?? base?.template?.contentPlain ?? '',
      };
      const variables = { ...(await commonVariables(platform, salesChannelId)), ...(body.templateData ?? base?.templateData ?? {}) };
      const rendered = render(template, await frameOf(platform, salesChannelId), variables);
      return { subject: rendered.subject, senderName: rendered.senderName, contentHtml: rendered.html, contentPlain: rendered.text };
    },
  );

  routes.post(
    '/api/_action/mail-template/send',
    {
      schema: {
        tags: ['Mail'],
        summary: 'Send a test mail',
        description: `Needs \`${PRIVILEGE}\`. The mail is rendered at once (a template that does not render is refused) and queued; the mail log shows when it went out.`,
        body: SendBody,
        response: {
          200: documentedOnly(Type.Object({ size: Type.Integer({ description: 'Bytes of the rendered subject and bodies.' }) })),
          ...errorResponses({ 400: 'A malformed body, a bad recipient, or a template that does not render (MAIL__TEMPLATE_RENDER_ERROR).', 403: `Missing ${PRIVILEGE}.`, 404: 'No such type.' }),
        },
      },
      preValidation,
    },
    async (request) => {
      const body = request.body;
      const to = Object.entries(body.recipients).map(([address, name]) => ({ address, name }));
      if (to.length === 0 || to.length > MAX_RECIPIENTS) throw errors.invalidRequest(`Between 1 and ${MAX_RECIPIENTS} recipients, please.`, '/recipients');
      const invalid = to.find((recipient) => !ADDRESS.test(recipient.address) || recipient.address.length > 254);
      if (invalid) throw errors.invalidRequest(`"${invalid.address.slice(0, 100)}" is not an e-mail address.`, '/recipients');
      const base = body.mailTemplateTypeId ? await baseTemplate(platform, undefined, body.mailTemplateTypeId, body.salesChannelId) : undefined;
      const template: MailTemplateContent = { subject: body.subject, senderName: body.senderName, contentHtml: body.contentHtml, contentPlain: body.contentPlain };
      const variables = body.mailTemplateData ?? base?.templateData ?? {};
      const rendered = render(template, await frameOf(platform, body.salesChannelId), { ...(await commonVariables(platform, body.salesChannelId)), ...variables });
      await platform.mail.enqueue(platform.db, { type: base?.type ?? TEST_MAIL_TYPE, salesChannelId: body.salesChannelId, to, variables, template });
      return { size: Buffer.byteLength(rendered.subject) + Buffer.byteLength(rendered.html) + Buffer.byteLength(rendered.text) };
    },
  );
}

function render(template: MailTemplateContent, frame: Parameters<typeof renderMail>[1], variables: Record<string, unknown>): RenderedMail {
  try {
    return renderMail(template, frame, variables);
  } catch (error) {
    if (error instanceof MailRenderProblem) throw renderError(error);
    throw error;
  }
}

/** 400 at the field (a header or footer field names the frame's own field), with the line. */
function renderError({ field, problem }: MailRenderProblem): AppError {
  return new AppError(400, 'MAIL__TEMPLATE_RENDER_ERROR', `The value of "${field}" does not render: ${problem.message}.`, {
    pointer: `/${field}`,
    meta: { parameters: { field, line: problem.line ?? null } },
  });
}

/** A saved template (by id) or a type's template for the channel, with the type's technical name and example data. */
async function baseTemplate(
  platform: MailTemplateRouteDeps,
  mailTemplateId: string | undefined,
  mailTemplateTypeId: string | undefined,
  salesChannelId: string | null,
): Promise<{ type: string; template: MailTemplateContent | undefined; templateData: Record<string, unknown> } | undefined> {
  if (!mailTemplateId && !mailTemplateTypeId) return undefined;
  let typeId = mailTemplateTypeId;
  let saved: MailTemplateContent | undefined;
  if (mailTemplateId) {
    const row = await platform.db
      .selectFrom('mail_template')
      .select(['mail_template_type_id', 'subject', 'sender_name', 'content_html', 'content_plain'])
      .where('id', '=', mailTemplateId)
      .executeTakeFirst();
    if (!row) throw errors.notFound('mail_template', mailTemplateId);
    typeId = row.mail_template_type_id as string;
    saved = { subject: row.subject, senderName: row.sender_name, contentHtml: row.content_html, contentPlain: row.content_plain };
  }
  const type = await platform.db.selectFrom('mail_template_type').select(['technical_name', 'template_data']).where('id', '=', typeId!).executeTakeFirst();
  if (!type) throw errors.notFound('mail_template_type', typeId!);
  const technicalName = type.technical_name as string;
  const template = saved ?? (await templateOf(platform, technicalName, salesChannelId)) ?? platform.mail.types.get(technicalName)?.defaultTemplate;
  return { type: technicalName, template, templateData: isPlainObject(type.template_data) ? type.template_data : {} };
}
