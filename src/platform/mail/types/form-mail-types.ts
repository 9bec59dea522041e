import { shopOwnerAddress } from '../mail-settings.js';
import type { PlatformMailType } from '../mail-type.js';
import { COMMON_VARIABLES, shippedTemplate } from './common.js';

/**
 * Mails whose sender gives everything: the contact form (to the shop owner's address,
 * `core.basicInformation.email`) and the newsletter double opt-in, sent by src/platform/contact/ and
 * src/platform/newsletter/.
 */

export const contactFormMailType: PlatformMailType = {
  technicalName: 'contact_form',
  name: 'Contact form',
  availableVariables: {
    'contactFormData.firstName': "The visitor's first name.",
    'contactFormData.lastName': "The visitor's last name.",
    'contactFormData.email': "The visitor's e-mail address (the mail's reply-to).",
    'contactFormData.phone': 'A phone number, when given.',
    'contactFormData.subject': 'The subject.',
    'contactFormData.comment': 'The message.',
    ...COMMON_VARIABLES,
  },
  templateData: { contactFormData: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '', subject: 'Delivery time', comment: 'When will my order arrive?' } },
  defaultTemplate: shippedTemplate('contact_form', 'Contact form: {{ contactFormData.subject }}', 'Sent to the shop owner when a visitor uses the contact form.'),
  // to the shop owner unless the sender names someone; without an owner's address the mail fails, saying so
  async load(platform, _references, salesChannelId) {
    const owner = await shopOwnerAddress(platform, salesChannelId);
    return { variables: {}, to: owner ? [{ address: owner, name: null }] : [], salesChannelId };
  },
};

export const newsletterDoubleOptInMailType: PlatformMailType = {
  technicalName: 'newsletterDoubleOptIn',
  name: 'Newsletter double opt-in',
  availableVariables: {
    'newsletterRecipient.firstName': "The subscriber's first name, when given.",
    'newsletterRecipient.lastName': "The subscriber's last name, when given.",
    'newsletterRecipient.email': "The subscriber's e-mail address.",
    url: 'The link that confirms the subscription (single use).',
    ...COMMON_VARIABLES,
  },
  templateData: { newsletterRecipient: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, url: 'https://shop.example.com/newsletter-subscribe?em=…&hash=…' },
  defaultTemplate: shippedTemplate('newsletterDoubleOptIn', 'Please confirm your newsletter subscription at {{ shopName }}', 'Sent when someone subscribes to the newsletter.'),
};
