import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendContactForm } from '../../contact/contact-form.js';
import { isClientError } from '../../errors/app-error.js';
import { searchSalutations } from '../../store-api/context-data.js';
import { redirectWithFlash, renderPage, safeLocalPath, storefrontRoutes } from '../http/index.js';
import { formErrors, formFields } from './form-input.js';
import type { StorefrontServices } from './storefront-services.js';

const CONTACT_PATH = '/contact';
/** The form's fields; each is the contact form service's body field of the same name. */
const CONTACT_FIELDS = ['salutationId', 'firstName', 'lastName', 'email', 'phone', 'subject', 'comment'] as const;
/** The channel settings that make a field required (the service checks them; the form marks them). */
const REQUIRED_SETTINGS = {
  firstName: 'core.basicInformation.firstNameFieldRequired',
  lastName: 'core.basicInformation.lastNameFieldRequired',
  phone: 'core.basicInformation.phoneNumberFieldRequired',
} as const;
const SENT = 'Thank you! We will get back to you soon.';

/**
 * The contact page (`/contact`): the Store API's contact form service mails the message to the shop owner.
 * A refused form comes back with the entered values and a message beside each field; nothing is sent.
 * A layout's contact form posts here too, with `redirectTo` its page: a sent message returns there.
 */
export function registerContactPages(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  const routes = storefrontRoutes(app);

  routes.page(CONTACT_PATH, async (request, reply) => {
    const { salesChannel } = await contexts.channelOf(request);
    return renderContactForm(reply, services, salesChannel.id, {}, {}, [], 200);
  });

  routes.formPost(CONTACT_PATH, async (request, reply) => {
    const fields = formFields(request.body);
    const values = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, fields[name] ?? '']));
    const context = await contexts.contextOf(request);
    try {
      // an unchosen salutation is no salutation, not an invalid id
      await sendContactForm(platform, context, { ...values, salutationId: values.salutationId || undefined }, { clientIp: request.ip });
    } catch (error) {
      if (!isClientError(error)) throw error;
      const { fieldErrors, otherErrors } = formErrors(error, (pointer) => ((CONTACT_FIELDS as readonly string[]).includes(pointer.slice(1)) ? pointer.slice(1) : undefined));
      return renderContactForm(reply, services, context.salesChannel.id, values, fieldErrors, otherErrors, error.status);
    }
    return redirectWithFlash(reply, safeLocalPath(fields.redirectTo, CONTACT_PATH), 'success', SENT);
  });
}

async function renderContactForm(
  reply: FastifyReply,
  services: StorefrontServices,
  salesChannelId: string,
  values: Record<string, string>,
  errors: Record<string, string>,
  otherErrors: string[],
  status: number,
): Promise<FastifyReply> {
  const settings = await contactFormSettings(services, salesChannelId);
  return renderPage(reply, 'page/contact.njk', { contactForm: { values, errors, otherErrors, ...settings } }, status);
}

/** What the contact form (_partials/contact-form.njk) offers: the salutations and which fields the channel requires. */
export async function contactFormSettings(services: Pick<StorefrontServices, 'platform'>, salesChannelId: string) {
  const { db, entities, systemConfig } = services.platform;
  const [salutations, ...requiredFlags] = await Promise.all([
    searchSalutations(db, entities, {}),
    ...Object.values(REQUIRED_SETTINGS).map((setting) => systemConfig.get(setting, salesChannelId)),
  ]);
  const required = Object.fromEntries(Object.keys(REQUIRED_SETTINGS).map((field, index) => [field, requiredFlags[index] === true]));
  return { salutations: salutations.elements.map((salutation) => ({ value: String(salutation.id), label: String(salutation.displayName) })), required };
}
