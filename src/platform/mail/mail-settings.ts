import { DEFAULT_SALES_CHANNEL_ID } from '../first-start/default-ids.js';
import type { MailAddress, MailReaders } from './mail-type.js';

/**
 * Per sales channel settings of mails (system config; a channel's value over the global one):
 * - `core.mailerSettings.senderAddress`: the From address, else `core.basicInformation.email`, else
 *   `no-reply@<APP_URL's host>`;
 * - `core.mailerSettings.senderName`: the From name, else the template's sender name, else the shop name;
 * - `core.basicInformation.email`: the shop owner's address, where the contact form goes;
 * - `core.basicInformation.shopName`: the shop name mails print, as the storefront's header (see shopNameOf).
 */
export const MAIL_SETTING_KEYS = {
  senderAddress: 'core.mailerSettings.senderAddress',
  senderName: 'core.mailerSettings.senderName',
  shopOwnerAddress: 'core.basicInformation.email',
  shopName: 'core.basicInformation.shopName',
} as const;

export const DEFAULT_SHOP_NAME = 'Demo Shop';
// enough to tell an address from a typo in a setting; the SMTP server has the last word
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;

/**
 * The channel's brand name, the same in its storefront and its mails: the shop name setting (the
 * channel's over the global one), else the channel's own name, else "Demo Shop". The channel made at
 * first start is the demo shop itself: its name "Storefront" says what kind of channel it is, not a brand.
 */
export async function shopNameOf(platform: Pick<MailReaders, 'systemConfig' | 'db'>, salesChannelId: string | null): Promise<string> {
  const configured = await text(platform, MAIL_SETTING_KEYS.shopName, salesChannelId);
  if (configured) return configured;
  if (!salesChannelId || salesChannelId === DEFAULT_SALES_CHANNEL_ID) return DEFAULT_SHOP_NAME;
  const row = await platform.db.selectFrom('sales_channel').select('name').where('id', '=', salesChannelId).executeTakeFirst();
  const name = typeof row?.name === 'string' ? row.name.trim() : '';
  return name || DEFAULT_SHOP_NAME;
}

async function text(platform: Pick<MailReaders, 'systemConfig'>, key: string, salesChannelId: string | null): Promise<string | undefined> {
  const value = await platform.systemConfig.get(key, salesChannelId);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The From of the channel's mails; `templateSenderName` is the template's rendered sender name. */
export async function senderOf(platform: Pick<MailReaders, 'systemConfig' | 'env'>, salesChannelId: string | null, templateSenderName: string, shopName: string): Promise<MailAddress> {
  const configured = (await text(platform, MAIL_SETTING_KEYS.senderAddress, salesChannelId)) ?? (await text(platform, MAIL_SETTING_KEYS.shopOwnerAddress, salesChannelId));
  const address = configured && ADDRESS.test(configured) ? configured : `no-reply@${new URL(platform.env.appUrl).hostname}`;
  const name = (await text(platform, MAIL_SETTING_KEYS.senderName, salesChannelId)) ?? (templateSenderName || shopName);
  return { address, name };
}

/** The shop owner's address (contact form mails), or undefined when none is set. */
export async function shopOwnerAddress(platform: Pick<MailReaders, 'systemConfig'>, salesChannelId: string | null): Promise<string | undefined> {
  const address = await text(platform, MAIL_SETTING_KEYS.shopOwnerAddress, salesChannelId);
  return address && ADDRESS.test(address) ? address : undefined;
}

/** The variables every mail has: `shopName`, `salesChannel` (`id`, `name`) and `storefrontUrl`. */
export async function commonVariables(platform: Pick<MailReaders, 'systemConfig' | 'env' | 'db'>, salesChannelId: string | null): Promise<Record<string, unknown>> {
  const shopName = await shopNameOf(platform, salesChannelId);
  if (!salesChannelId) return { shopName, salesChannel: null, storefrontUrl: platform.env.appUrl };
  const row = await platform.db
    .selectFrom('sales_channel as sc')
    .leftJoin('sales_channel_domain as d', 'd.sales_channel_id', 'sc.id')
    .select(['sc.id', 'sc.name', 'd.url'])
    .where('sc.id', '=', salesChannelId)
    .orderBy('d.created_at')
    .limit(1)
    .executeTakeFirst();
  const url = typeof row?.url === 'string' && row.url !== '' ? row.url.replace(/\/+$/, '') : platform.env.appUrl;
  return { shopName, salesChannel: row ? { id: row.id, name: row.name } : null, storefrontUrl: url };
}
