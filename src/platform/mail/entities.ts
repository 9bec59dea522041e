import type { EntityDefinition, FieldDefinition } from '../entities/definition.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { TemplateKind } from './rendering/mail-environment.js';
import { templateProblem } from './rendering/template-compiler.js';

/**
 * Mail entities, reachable through the generic Admin API (`/api/mail-template-type`, `/api/mail-template`,
 * `/api/mail-header-footer`, `/api/mail-log`) with the usual `<entity>:<action>` privileges. A template
 * field that does not compile is refused on write with its line (400 FRAMEWORK__WRITE_CONSTRAINT_VIOLATION
 * at the field's pointer), so a broken template never reaches the queue.
 */

// a validator answers how `The value of "<field>" ...` goes on: the entity layer writes the start
const mustBeObject = (value: unknown) => (isPlainObject(value) ? undefined : 'must be an object');

function templateField(kind: TemplateKind, field: Omit<FieldDefinition, 'type' | 'validate'> = {}): FieldDefinition {
  return {
    type: 'text',
    ...field,
    validate: (value) => {
      if (typeof value !== 'string') return undefined;
      const problem = templateProblem(value, kind);
      return problem ? `does not render: ${problem.message}` : undefined;
    },
  };
}

export const mailTemplateTypeEntity: EntityDefinition = {
  name: 'mail_template_type',
  fields: {
    /** e.g. `order_confirmation_mail`; what code sends mails by. */
    technicalName: { type: 'string', required: true, maxLength: 255, searchable: true },
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    /** Variable path → what it holds, e.g. `{"order.orderNumber": "The order number"}`. */
    availableVariables: { type: 'json', validate: mustBeObject },
    /** Example values of the variables, what the preview renders with unless given others. */
    templateData: { type: 'json', validate: mustBeObject },
  },
  associations: {
    mailTemplates: { type: 'one-to-many', entity: 'mail_template', foreignKey: 'mailTemplateTypeId', cascadeDelete: true },
  },
};

export const mailTemplateEntity: EntityDefinition = {
  name: 'mail_template',
  fields: {
    mailTemplateTypeId: { type: 'id', required: true },
    /** The sales channel this template is for; none: the default of its type. */
    salesChannelId: { type: 'id' },
    /** Created by the platform with its type. */
    systemDefault: { type: 'bool', default: false },
    description: { type: 'text' },
    senderName: templateField('text', { maxLength: 255 }),
    subject: templateField('text', { required: true, maxLength: 998 }),
    contentHtml: templateField('html', { required: true }),
    contentPlain: templateField('text', { required: true }),
  },
  associations: {
    mailTemplateType: { type: 'many-to-one', entity: 'mail_template_type', foreignKey: 'mailTemplateTypeId' },
    salesChannel: { type: 'many-to-one', entity: 'sales_channel', foreignKey: 'salesChannelId' },
  },
};

export const mailHeaderFooterEntity: EntityDefinition = {
  name: 'mail_header_footer',
  fields: {
    /** The sales channel whose mails it frames; none and `systemDefault`: every other channel's. */
    salesChannelId: { type: 'id' },
    systemDefault: { type: 'bool', default: false },
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    description: { type: 'text' },
    headerHtml: templateField('html'),
    headerPlain: templateField('text'),
    footerHtml: templateField('html'),
    footerPlain: templateField('text'),
  },
  associations: {
    salesChannel: { type: 'many-to-one', entity: 'sales_channel', foreignKey: 'salesChannelId' },
  },
};

/** What happened to each mail; written by the platform only. Bodies are removed after 30 days. */
export const mailLogEntity: EntityDefinition = {
  name: 'mail_log',
  readOnlyEntity: true,
  fields: {
    typeTechnicalName: { type: 'string', searchable: true },
    /** `<type>:<entity id>:<event>`: one mail per key, however often its event arrives. */
    dedupeKey: { type: 'string' },
    salesChannelId: { type: 'id' },
    orderId: { type: 'id' },
    customerId: { type: 'id' },
    state: { type: 'enum', values: ['queued', 'sent', 'failed'] },
    attempts: { type: 'int' },
    /** `{address, name}` */
    sender: { type: 'json' },
    /** `[{address, name}]` */
    recipients: { type: 'json' },
    subject: { type: 'text', searchable: true },
    /** As sent, with secrets (a password recovery link's token) masked; null once older than 30 days. */
    contentHtml: { type: 'text' },
    contentPlain: { type: 'text' },
    /** The last failure: the server's answer or what went wrong, never a credential. */
    lastError: { type: 'text' },
    /** `smtp` or `file` (the `.eml` files of a shop without MAILER_DSN). */
    transport: { type: 'string' },
    messageId: { type: 'string' },
    /** The SMTP server's answer to the accepted mail. */
    serverResponse: { type: 'text' },
    /** The `.eml` file below VAR_DIR (file transport). */
    fileName: { type: 'string' },
    sentAt: { type: 'datetime' },
    bodiesRemovedAt: { type: 'datetime' },
  },
  associations: {
    salesChannel: { type: 'many-to-one', entity: 'sales_channel', foreignKey: 'salesChannelId' },
    order: { type: 'many-to-one', entity: 'order', foreignKey: 'orderId' },
    customer: { type: 'many-to-one', entity: 'customer', foreignKey: 'customerId' },
  },
  defaultSort: [{ field: 'createdAt', order: 'DESC' }],
};

export const mailEntities = [mailTemplateTypeEntity, mailTemplateEntity, mailHeaderFooterEntity, mailLogEntity];
