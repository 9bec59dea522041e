import { systemContext, type ExtensionHost } from '../../../platform/sdk/index.js';
import { hmacHexMatches } from '../../_gateway-kit/index.js';
import { payAConfig, toPayASettings } from '../config.js';

/** The header gateway A signs a webhook in: lowercase hex HMAC-SHA512 of the raw body. */
export const SIGNATURE_HEADER = 'x-pay-a-signature';

/** The key a delivery was signed with, and the mode it belongs to. */
export interface SigningKey {
  sandbox: boolean;
}

/**
 * Which configured secret key signed the raw body (spec: the active mode's key; the gateway signs with
 * the merchant's secret key, there is no separate webhook secret). The global scope's key is tried
 * first; a sales channel with keys or a mode of its own (another gateway account) signs its own events,
 * so its active key is tried next. Null when none matches or none is configured (fails closed).
 */
export async function signingKeyOf(host: ExtensionHost, rawBody: Buffer | undefined, signature: string | string[] | undefined): Promise<SigningKey | null> {
  if (!rawBody || typeof signature !== 'string' || signature === '') return null;
  const global = toPayASettings(await host.config.load(payAConfig, null));
  if (hmacHexMatches('sha512', global.secretKey, rawBody, signature)) return { sandbox: global.sandbox };
  const channels = await host.repository('sales_channel').searchIds({}, systemContext);
  for (const salesChannelId of channels.ids) {
    const channel = toPayASettings(await host.config.load(payAConfig, salesChannelId));
    if (channel.secretKey === global.secretKey) continue;
    if (hmacHexMatches('sha512', channel.secretKey, rawBody, signature)) return { sandbox: channel.sandbox };
  }
  return null;
}
