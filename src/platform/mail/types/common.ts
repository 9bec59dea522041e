import { readDefaultTemplate } from '../default-templates/read-default-template.js';
import type { MailTypeDeclaration } from '../mail-type.js';

/** Variables every mail has, whatever its type (added when it is sent). */
export const COMMON_VARIABLES: Record<string, string> = {
  shopName: 'The shop name of the sales channel (`core.basicInformation.shopName`).',
  'salesChannel.name': 'The sales channel.',
  storefrontUrl: "The sales channel's storefront address, e.g. `https://shop.example.com`.",
};

/** A type's English default: the sources beside this module (`default-templates/<name>.{html,txt}.njk`). */
export function shippedTemplate(name: string, subject: string, description: string): MailTypeDeclaration['defaultTemplate'] {
  return { subject, senderName: '{{ shopName }}', contentHtml: readDefaultTemplate(name, 'html'), contentPlain: readDefaultTemplate(name, 'txt'), description };
}
